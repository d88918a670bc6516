import { DatabaseServiceConfig } from '@tawsil/config';

export class DeliveryZrConfig extends DatabaseServiceConfig {
  override HEALTH_PORT: number = 3104;
}
