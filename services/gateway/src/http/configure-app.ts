import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { observeHttpRequests } from '@tawsil/nest-common/core';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HttpErrorFilter } from './http-error.filter';
import { registerJsonBodyParser } from './json-body-parser';
import { registerJsonCompression } from './json-compression';
import { serializeResponses } from './response-serializers';
import { routeLabel } from './route-label';
import { registerSecurityHeaders } from './security-headers';
import { createValidationPipe } from './validation.pipe';
import { registerWebAppFiles } from '../web-app/web-app-files';
import { registerYalidineWebhookRoute } from '../webhooks/yalidine-webhook.route';
import { registerYoucanWebhookRoute } from '../webhooks/youcan-webhook.route';
import { registerZrWebhookRoute } from '../webhooks/zr-webhook.route';

/**
 * Security headers, the limited JSON parser, compressed JSON answers, the web app's files,
 * validation, the `{message}` error shape, request metrics, the OpenAPI document at /api/docs and
 * the answers serialized from it. The app must be made with GATEWAY_APP_OPTIONS, and this called
 * before `app.init()`.
 */
export async function configureApp(app: NestFastifyApplication, webDistDir?: string): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  await registerSecurityHeaders(fastify);
  registerJsonBodyParser(fastify);
  registerJsonCompression(fastify);
  observeHttpRequests(fastify, routeLabel);
  if (webDistDir && existsSync(join(webDistDir, 'index.html'))) {
    await registerWebAppFiles(fastify, webDistDir);
  }
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpErrorFilter());
  app.enableShutdownHooks();
  registerYoucanWebhookRoute(app);
  registerZrWebhookRoute(app);
  registerYalidineWebhookRoute(app);

  const openApi = new DocumentBuilder()
    .setTitle('Tawsil API')
    .setDescription(
      'Orders, confirmation and delivery for cash-on-delivery sellers. Every route but login and register needs a bearer token.',
    )
    .addBearerAuth()
    .build();
  const document = SwaggerModule.createDocument(app, openApi);
  serializeResponses(fastify, document);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
}
