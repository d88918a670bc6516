import { BooleanVar, CommonConfig, EnvVar, PemVar, RpcSealKeyVar, RpcSigningKeyVar } from '@tawsil/config';
import {
  IsBoolean,
  IsDefined,
  IsInt,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { resolve } from 'node:path';

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

  @EnvVar({ description: 'Trust X-Forwarded-For from a reverse proxy (true behind an ingress)' })
  @BooleanVar()
  @IsBoolean()
  TRUST_PROXY: boolean = false;

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
