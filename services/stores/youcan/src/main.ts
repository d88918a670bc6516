import { loadConfigOrExit } from '@tawsil/config';
import { bootstrapService, instanceName } from '@tawsil/nest-common';
import { AppModule } from './app.module';
import { StoresYoucanConfig } from './config/stores-youcan.config';

async function main() {
  const config = loadConfigOrExit(StoresYoucanConfig);
  const instance = instanceName(config.INSTANCE_NAME);
  await bootstrapService(AppModule.forRoot(config, instance), {
    service: 'stores-youcan',
    instance,
    redisUrl: config.REDIS_URL,
    healthPort: config.HEALTH_PORT,
  });
}

void main();
