import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { HttpErrorFilter } from './http-error.filter';
import { createValidationPipe } from './validation.pipe';

/** Validation, the `{message}` error shape and the OpenAPI document at /api/docs. */
export function configureApp(app: NestFastifyApplication): void {
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpErrorFilter());
  app.enableShutdownHooks();

  const openApi = new DocumentBuilder()
    .setTitle('Tawsil API')
    .setDescription(
      'Orders, confirmation and delivery for cash-on-delivery sellers. Every route but login and register needs a bearer token.',
    )
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi), {
    jsonDocumentUrl: 'api/docs/openapi.json',
  });
}
