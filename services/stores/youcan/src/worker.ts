import { runWorker } from '@tawsil/nest-common';
import { AppModule } from './app.module';
import { StoresYoucanConfig } from './config/stores-youcan.config';

void runWorker({
  service: 'stores-youcan',
  configClass: StoresYoucanConfig,
  appModule: (config, instance, role) => AppModule.forRoot(config, instance, role),
});
