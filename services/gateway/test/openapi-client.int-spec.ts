import SwaggerParser from '@apidevtools/swagger-parser';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import { loadConfig } from '@tawsil/config';
import {
  createTestRedis,
  generateJwtKeys,
  generateRpcKeys,
  rpcEnv,
  serviceRedisUrl,
  type TestRedis,
} from '@tawsil/testing';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from '../src/app.module';
import { GatewayConfig } from '../src/config/gateway.config';
import { configureApp } from '../src/http/configure-app';
import { fastifyOptions, GATEWAY_APP_OPTIONS } from '../src/http/fastify-options';

const bin = (name: string) => join(__dirname, '../../../node_modules/.bin', name);

/** A client's code over the generated types: it compiles only if the answers are described. */
const CLIENT = `
import type { components, paths } from './api';

type Json<Operation> = Operation extends { responses: infer R }
  ? R extends { 200: { content: { 'application/json': infer T } } }
    ? T
    : R extends { 201: { content: { 'application/json': infer T } } }
      ? T
      : R extends { 202: { content: { 'application/json': infer T } } }
        ? T
        : never
  : never;

type Order = components['schemas']['OrderView'];

export function describeOrders(orders: Json<paths['/api/orders/youcan']['get']>): string[] {
  return orders.map((order: Order) =>
    [order.ref, order.customer.full_name, order.status, order.claim?.until ?? '', order.delivery?.deliveryAccount.storeName ?? ''].join(' '),
  );
}

export function signedInAs(user: Json<paths['/api/users/login']['post']>): string {
  return user.token + user.type;
}

export function progress(job: Json<paths['/api/ZR/saisie/{jobId}']['get']>): number {
  return job.progress.done / job.progress.total + job.failedOrders.length;
}

export function rates(figures: Json<paths['/api/statistics']['get']>): (number | null)[] {
  return [figures.totals.confirmationRate, figures.totals.byStatus['pas de réponse'], figures.agents[0].deliveredRate];
}

export function queue(answer: Json<paths['/api/orders/queue']['get']>): boolean {
  return answer.counts.overdue > 0 && answer.orders[0].proposeCancel === true;
}

export const started: Json<paths['/api/ZR/saisie']['post']>['jobId'] = 'job';
export const invited: Json<paths['/api/confirmateur/{storeId}']['post']>['invitation']['email'] = 'a@b.dz';
`;

describe('The OpenAPI document', () => {
  let app: NestFastifyApplication;
  let redis: TestRedis;
  let document: OpenAPIObject;
  const dir = mkdtempSync(join(tmpdir(), 'tawsil-openapi-'));

  beforeAll(async () => {
    redis = await createTestRedis();
    const config = loadConfig(GatewayConfig, {
      REDIS_URL: await serviceRedisUrl(redis.url, 'gateway'),
      JWT_PUBLIC_KEY: generateJwtKeys().publicKey,
      YOUCAN_CLIENT_SECRET: 'openapi-client-secret',
      LOG_LEVEL: 'silent',
      METRICS_PORT: '0',
      ...rpcEnv(generateRpcKeys(), 'gateway'),
    });
    const moduleRef = await Test.createTestingModule({
      imports: [AppModule.forRoot(config, 'openapi-test')],
    }).compile();
    app = moduleRef.createNestApplication<NestFastifyApplication>(
      new FastifyAdapter(fastifyOptions(config)),
      GATEWAY_APP_OPTIONS,
    );
    await configureApp(app);
    await app.init();
    document = (await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
  });
  afterAll(async () => {
    await app?.close();
    await redis?.release();
    rmSync(dir, { recursive: true, force: true });
  });

  it('validates as OpenAPI', async () => {
    await expect(SwaggerParser.validate(join(dir, 'openapi.json'))).resolves.toBeDefined();
  });

  it('describes the answer of every operation but those that answer no content', () => {
    const undescribed = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations as Record<string, { responses: Record<string, { content?: object }> }>)
        .filter(([, operation]) =>
          Object.entries(operation.responses).every(
            ([status, answer]) => !answer.content && status !== '204',
          ),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(undescribed).toEqual([]);
  });

  it('generates a typed client that compiles', () => {
    execFileSync(bin('openapi-typescript'), [join(dir, 'openapi.json'), '-o', join(dir, 'api.ts')], {
      stdio: 'pipe',
    });
    writeFileSync(join(dir, 'client.ts'), CLIENT);
    // Run in the temporary folder: no tsconfig or @types of this repository apply.
    const tsc = spawnSync(
      bin('tsc'),
      ['--noEmit', '--strict', '--target', 'es2023', '--module', 'nodenext', 'client.ts'],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    expect(tsc.stdout).toBe(''); // tsc prints its errors here
    expect(tsc.status).toBe(0);
  });
});
