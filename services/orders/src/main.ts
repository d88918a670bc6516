import { loadConfigOrExit } from '@tawsil/config';
import { bootstrapService, instanceName } from '@tawsil/nest-common';
import { AppModule } from './app.module';
import { OrdersConfig } from './config/orders.config';

async function main() {
  const config = loadConfigOrExit(OrdersConfig);
  const instance = instanceName(config.INSTANCE_NAME);
  await bootstrapService(AppModule.forRoot(config, instance), {
    service: 'orders',
    instance,
    redisUrl: config.REDIS_URL,
    healthPort: config.HEALTH_PORT,
  });
}

void main();
