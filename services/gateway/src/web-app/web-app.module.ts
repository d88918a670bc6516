import { Module, type DynamicModule } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { WebAppController } from './web-app.controller';

/** The built web app, when there is one: `npm start` and the images build it; API-only runs do not. */
@Module({})
export class WebAppModule {
  static forRoot(webDistDir: string): DynamicModule {
    if (!existsSync(join(webDistDir, 'index.html'))) return { module: WebAppModule };
    return { module: WebAppModule, controllers: [WebAppController] };
  }
}
