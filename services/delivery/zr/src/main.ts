import { runService } from '@tawsil/nest-common';
import { AppModule } from './app.module';
import { DeliveryZrConfig } from './config/delivery-zr.config';

void runService({
  service: 'delivery-zr',
  configClass: DeliveryZrConfig,
  appModule: (config, instance, role) => AppModule.forRoot(config, instance, role),
});
