import { Module, type DynamicModule } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INDEX_HTML, WebAppController } from './web-app.controller';

/** The built web app, when there is one: `npm start` and the images build it; API-only runs do not. */
@Module({})
export class WebAppModule {
  static forRoot(webDistDir: string): DynamicModule {
    const index = join(webDistDir, 'index.html');
    if (!existsSync(index)) return { module: WebAppModule };
    const html = readFileSync(index, 'utf8');
    return {
      module: WebAppModule,
      controllers: [WebAppController],
      providers: [{ provide: INDEX_HTML, useValue: html }],
    };
  }
}
