import { DatabaseServiceConfig, RpcSigningKeyVar } from '@tawsil/config';

export class OrdersConfig extends DatabaseServiceConfig {
  override HEALTH_PORT: number = 3102;
  override METRICS_PORT: number = 9402;

  @RpcSigningKeyVar()
  RPC_SIGNING_KEY!: string;
}
