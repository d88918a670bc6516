import { DatabaseServiceConfig } from '@tawsil/config';

export class StoresYoucanConfig extends DatabaseServiceConfig {
  override HEALTH_PORT: number = 3103;
}
