import { loadConfigOrExit } from '@tawsil/config';
import { bootstrapService, instanceName } from '@tawsil/nest-common';
import { AppModule } from './app.module';
import { DeliveryZrConfig } from './config/delivery-zr.config';

async function main() {
  const config = loadConfigOrExit(DeliveryZrConfig);
  const instance = instanceName(config.INSTANCE_NAME);
  await bootstrapService(AppModule.forRoot(config, instance), {
    service: 'delivery-zr',
    instance,
    redisUrl: config.REDIS_URL,
    healthPort: config.HEALTH_PORT,
  });
}

void main();
