import { DatabaseServiceConfig, EnvVar, RpcSigningKeyVar } from '@tawsil/config';
import { IsInt, Min } from 'class-validator';

export class OrdersConfig extends DatabaseServiceConfig {
  override HEALTH_PORT: number = 3102;
  override METRICS_PORT: number = 9402;

  @EnvVar({
    description: 'Milliseconds between two sweeps for what removed stores left behind (orders, memberships)',
  })
  @IsInt()
  @Min(200)
  REPAIR_REMOVED_STORES_INTERVAL_MS: number = 600_000;
  @RpcSigningKeyVar()
  RPC_SIGNING_KEY!: string;
}
