import { runService } from '@tawsil/nest-common';
import { AppModule } from './app.module';
import { IdentityConfig } from './config/identity.config';

void runService({
  service: 'identity',
  configClass: IdentityConfig,
  appModule: (config, instance, role) => AppModule.forRoot(config, instance, role),
});
