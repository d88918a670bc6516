import { loadConfigOrExit } from '@tawsil/config';
import { bootstrapService, instanceName } from '@tawsil/nest-common';
import { AppModule } from './app.module';
import { IdentityConfig } from './config/identity.config';

async function main() {
  const config = loadConfigOrExit(IdentityConfig);
  const instance = instanceName(config.INSTANCE_NAME);
  await bootstrapService(AppModule.forRoot(config, instance), {
    service: 'identity',
    instance,
    redisUrl: config.REDIS_URL,
    healthPort: config.HEALTH_PORT,
  });
}

void main();
