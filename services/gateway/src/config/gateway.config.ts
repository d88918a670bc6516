import { CommonConfig, EnvVar, PemVar, RpcSealKeyVar, RpcSigningKeyVar } from '@tawsil/config';
import { IsDefined, IsInt, IsString, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { resolve } from 'node:path';
import { IsProxyList, ProxyListVar } from './trusted-proxies';

export class GatewayConfig extends CommonConfig {
  @EnvVar({ description: 'HTTP port of the API' })
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT: number = 3000;

  override METRICS_PORT: number = 9400;

  @EnvVar({ description: 'PEM public key (EC P-256) matching identity JWT_PRIVATE_KEY', required: true })
  @PemVar()
  @Matches(/-----BEGIN PUBLIC KEY-----/, { message: 'JWT_PUBLIC_KEY must be a PEM public key' })
  JWT_PUBLIC_KEY!: string;

  @RpcSigningKeyVar()
  RPC_SIGNING_KEY!: string;

  @RpcSealKeyVar('RPC_SEAL_KEY_IDENTITY', 'Seals passwords for identity: the RPC_SEAL_KEY of identity')
  RPC_SEAL_KEY_IDENTITY!: string;

  @RpcSealKeyVar('RPC_SEAL_KEY_STORES_YOUCAN', 'Seals YouCan OAuth codes for stores-youcan: its RPC_SEAL_KEY')
  RPC_SEAL_KEY_STORES_YOUCAN!: string;

  @RpcSealKeyVar(
    'RPC_SEAL_KEY_DELIVERY_ZR',
    'Seals ZR API keys and secrets for delivery-zr: its RPC_SEAL_KEY',
  )
  RPC_SEAL_KEY_DELIVERY_ZR!: string;

  @EnvVar({
    description:
      "OAuth client secret of the YouCan app: YouCan signs its webhooks with it, and each store's webhook key derives from it",
    required: true,
    secret: true,
  })
  @IsString()
  @MinLength(8)
  YOUCAN_CLIENT_SECRET!: string;

  @EnvVar({ description: 'Login and registration attempts allowed per client address per minute' })
  @IsInt()
  @Min(1)
  AUTH_RATE_LIMIT_PER_MINUTE: number = 20;

  @EnvVar({ description: 'YouCan webhook deliveries accepted per store per minute (more answer 429)' })
  @IsInt()
  @Min(1)
  WEBHOOK_STORE_LIMIT_PER_MINUTE: number = 300;

  @EnvVar({ description: 'Webhook requests accepted per client address per minute (more answer 429)' })
  @IsInt()
  @Min(1)
  WEBHOOK_ADDRESS_LIMIT_PER_MINUTE: number = 3000;

  @EnvVar({ description: 'Failed sign-ins in a row on one account before each next attempt must wait' })
  @IsInt()
  @Min(1)
  LOGIN_FAILURES_BEFORE_DELAY: number = 5;

  @EnvVar({
    description:
      'Longest wait, in seconds, between sign-in attempts on one account (the wait doubles up to it)',
  })
  @IsInt()
  @Min(1)
  @Max(3600)
  LOGIN_DELAY_MAX_SECONDS: number = 60;

  @EnvVar({ description: 'Failed sign-ins allowed per account per hour, from all addresses together' })
  @IsInt()
  @Min(1)
  LOGIN_FAILURES_PER_HOUR: number = 100;

  @EnvVar({
    description:
      'Addresses or CIDR ranges of the reverse proxies whose X-Forwarded-For is believed (unset: none)',
  })
  @ProxyListVar()
  @IsProxyList()
  TRUST_PROXY: string[] = [];

  @EnvVar({
    description: 'Folder of the built web app the gateway serves (default: web/dist of the checkout)',
  })
  @IsString()
  WEB_DIST_DIR: string = resolve(__dirname, '../../../../web/dist');

  @EnvVar({
    description: 'User name of the queue dashboard on the metrics port (unset: no dashboard)',
  })
  @ValidateIf((config: GatewayConfig) => config.QUEUE_DASHBOARD_PASSWORD !== undefined)
  @IsDefined({ message: 'QUEUE_DASHBOARD_USER must be set with QUEUE_DASHBOARD_PASSWORD' })
  @Matches(/^[^:]+$/, { message: 'QUEUE_DASHBOARD_USER must not contain ":"' })
  QUEUE_DASHBOARD_USER?: string;

  @EnvVar({ description: 'Password of the queue dashboard, 12 characters or more', secret: true })
  @ValidateIf((config: GatewayConfig) => config.QUEUE_DASHBOARD_USER !== undefined)
  @IsDefined({ message: 'QUEUE_DASHBOARD_PASSWORD must be set with QUEUE_DASHBOARD_USER' })
  @MinLength(12, { message: 'QUEUE_DASHBOARD_PASSWORD must have 12 characters or more' })
  QUEUE_DASHBOARD_PASSWORD?: string;
}
