import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
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
import { AppModule } from '../src/app.module';
import { GatewayConfig } from '../src/config/gateway.config';
import { configureApp } from '../src/http/configure-app';
import { fastifyOptions, GATEWAY_APP_OPTIONS } from '../src/http/fastify-options';

/** The routes open without a token. Adding one here is a deliberate, reviewed decision. */
const PUBLIC_ROUTES = [
  'POST /api/users/register',
  'POST /api/users/login',
  // The invitation link's page, before the invited person has an account (token in the body).
  'POST /api/invitations/open',
  'POST /api/invitations/register',
  // The refresh cookie proves the session; the reset token proves the mailbox; forgot answers alike.
  'POST /api/auth/refresh',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  // YouCan's browser redirect (checked by its signed state) and its webhooks (by store key and signature).
  'GET /api/stores/youcan/callback',
  'POST /api/webhooks/youcan',
  // The carriers' webhooks, at each account's address, checked by that account's signing secret.
  'POST /api/webhooks/zr/:accountId',
  'GET /api/webhooks/yalidine/:accountId',
  'POST /api/webhooks/yalidine/:accountId',
  'GET /health/live',
  'GET /health/ready',
];

describe('Gateway routes', () => {
  let app: NestFastifyApplication;
  let redis: TestRedis;
  const routes: string[] = [];

  beforeAll(async () => {
    redis = await createTestRedis();
    const config = loadConfig(GatewayConfig, {
      REDIS_URL: await serviceRedisUrl(redis.url, 'gateway'),
      JWT_PUBLIC_KEY: generateJwtKeys().publicKey,
      YOUCAN_CLIENT_SECRET: 'routes-guard-client-secret',
      RPC_TIMEOUT_MS: '1000',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_PER_MINUTE: '3',
      METRICS_PORT: '0',
      ...rpcEnv(generateRpcKeys(), 'gateway'),
    });
    const moduleRef = await Test.createTestingModule({
      imports: [AppModule.forRoot(config, 'routes-test')],
    }).compile();
    const adapter = new FastifyAdapter(fastifyOptions(config));
    adapter.getInstance().addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
    });
    app = moduleRef.createNestApplication<NestFastifyApplication>(adapter, GATEWAY_APP_OPTIONS);
    await configureApp(app);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(async () => {
    await app?.close();
    await redis?.release();
  });

  it('requires a valid token on every route but the public ones', async () => {
    const apiRoutes = routes.filter(
      (route) => route.split(' ')[1].startsWith('/api/') && !route.includes(' /api/docs'),
    );
    const guarded = apiRoutes.filter((route) => !PUBLIC_ROUTES.includes(route));
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const [method, url] = route.split(' ');
      const answer = await app.inject({
        method: method as 'GET',
        url: url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000'),
      });
      expect({ route, status: answer.statusCode }).toEqual({ route, status: 401 });
      expect(answer.json()).toEqual({
        message: 'Sign in to continue: a valid bearer token is required',
        code: 'auth.token_required',
      });
    }
  });

  it('opens only the listed routes without a token', () => {
    const apiRoutes = routes.filter((route) => !route.includes(' /api/docs'));
    for (const route of PUBLIC_ROUTES) expect(apiRoutes).toContain(route);
  });

  it('serves the OpenAPI document generated from the code at /api/docs', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const document = (await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/users/register', '/api/users/login', '/api/users/me']),
    );
    expect(document.components.schemas.RegisterDto.required).toEqual(
      expect.arrayContaining(['name', 'email', 'password']),
    );
  });

  it('limits login attempts per address and answers 429 with a message past the limit', async () => {
    const attempt = () =>
      app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'not-an-email' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(400);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Too many attempts, wait a minute and try again',
      code: 'errors.too_many_attempts',
    });
  });
});
