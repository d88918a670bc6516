import { runService } from '@tawsil/nest-common';
import { AppModule } from './app.module';
import { StoresYoucanConfig } from './config/stores-youcan.config';

void runService({
  service: 'stores-youcan',
  configClass: StoresYoucanConfig,
  appModule: (config, instance, role) => AppModule.forRoot(config, instance, role),
});
