import { runService } from '@tawsil/nest-common';
import { AppModule } from './app.module';
import { OrdersConfig } from './config/orders.config';

void runService({
  service: 'orders',
  configClass: OrdersConfig,
  appModule: (config, instance, role) => AppModule.forRoot(config, instance, role),
});
