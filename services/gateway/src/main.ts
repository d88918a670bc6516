import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { loadConfigOrExit } from '@tawsil/config';
import { acceptRequestId, instanceName } from '@tawsil/nest-common';
import { Logger } from 'nestjs-pino';
import type { IncomingHttpHeaders } from 'node:http';
import { AppModule } from './app.module';
import { GatewayConfig } from './config/gateway.config';
import { HttpErrorFilter } from './http/http-error.filter';
import { createValidationPipe } from './http/validation.pipe';

async function main() {
  const config = loadConfigOrExit(GatewayConfig);
  const instance = instanceName(config.INSTANCE_NAME);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, instance),
    new FastifyAdapter({
      trustProxy: config.TRUST_PROXY,
      bodyLimit: 1_048_576,
      genReqId: (request: { headers: IncomingHttpHeaders }) => acceptRequestId(request.headers['x-request-id']),
    }),
    { bufferLogs: true },
  );
  app.useLogger(app.get(Logger));
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpErrorFilter());
  app.enableShutdownHooks();

  const openApi = new DocumentBuilder()
    .setTitle('Tawsil API')
    .setDescription('Orders, confirmation and delivery for cash-on-delivery sellers')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi), {
    jsonDocumentUrl: 'api/docs/openapi.json',
  });

  await app.listen(config.PORT, '0.0.0.0');
  app.get(Logger).log(`gateway listening on http://localhost:${config.PORT} (instance ${instance})`);
}

void main();
