import 'reflect-metadata';
import fastifyCookie from '@fastify/cookie';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfigOrExit } from '@tawsil/config';
import { instanceName, refuseRedisWithoutLeastPrivilege } from '@tawsil/nest-common/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { GatewayConfig } from './config/gateway.config';
import { configureApp } from './http/configure-app';
import { fastifyOptions, GATEWAY_APP_OPTIONS } from './http/fastify-options';

async function main() {
  const config = loadConfigOrExit(GatewayConfig);
  await refuseRedisWithoutLeastPrivilege(config.REDIS_URL, config.NODE_ENV === 'production');
  const instance = instanceName(config.INSTANCE_NAME);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, instance),
    new FastifyAdapter(fastifyOptions(config)),
    { ...GATEWAY_APP_OPTIONS, bufferLogs: true },
  );
  app.useLogger(app.get(Logger));
  await app.register(fastifyCookie);
  await configureApp(app, config.WEB_DIST_DIR);
  await app.listen(config.PORT, config.BIND_ADDRESS);
  app.get(Logger).log(`gateway listening on http://localhost:${config.PORT} (instance ${instance})`);
}

void main();
