import { DatabaseServiceConfig, EnvVar, PemVar, RpcOpenKeyVar, RpcSigningKeyVar } from '@tawsil/config';
import { IsInt, IsString, IsUrl, Matches, Max, MaxLength, Min } from 'class-validator';

export class IdentityConfig extends DatabaseServiceConfig {
  override HEALTH_PORT: number = 3101;
  override METRICS_PORT: number = 9401;

  @EnvVar({
    description: 'PEM private key (EC P-256) that signs access tokens',
    required: true,
    secret: true,
  })
  @PemVar()
  @Matches(/-----BEGIN (EC )?PRIVATE KEY-----/, { message: 'JWT_PRIVATE_KEY must be a PEM private key' })
  JWT_PRIVATE_KEY!: string;

  @EnvVar({
    description: 'How long an access token stays valid, e.g. 15m (the refresh cookie renews it for 30 days)',
  })
  @IsString()
  @Matches(/^\d+[smhd]$/, { message: 'JWT_TTL must look like 30m, 12h or 7d' })
  JWT_TTL: string = '15m';

  @EnvVar({ description: 'Most password hashes computed at once (each takes 19 MiB and ~50 ms)' })
  @IsInt()
  @Min(1)
  @Max(64)
  PASSWORD_HASH_CONCURRENCY: number = 4;

  @EnvVar({
    description: 'Milliseconds between two sweeps for what removed stores left behind (orders, memberships)',
  })
  @IsInt()
  @Min(200)
  REPAIR_REMOVED_STORES_INTERVAL_MS: number = 600_000;

  @EnvVar({
    description:
      "Milliseconds between two sendings of every confirmateur's stores to orders (lost events put right)",
  })
  @IsInt()
  @Min(200)
  REPAIR_AGENT_STORES_INTERVAL_MS: number = 600_000;

  @EnvVar({
    description:
      'SMTP server identity sends e-mail through, e.g. smtp://user:password@host:587 (smtps:// for TLS)',
    secret: true,
  })
  @Matches(/^smtps?:\/\/[^\s]+$/, {
    message: 'SMTP_URL must look like smtp://host:port or smtps://user:password@host:465',
  })
  SMTP_URL: string = 'smtp://127.0.0.1:1025';

  @EnvVar({ description: 'Sender of the e-mails identity sends, e.g. Tawsil <no-reply@example.com>' })
  @IsString()
  @MaxLength(200)
  MAIL_FROM: string = 'Tawsil <no-reply@tawsil.local>';

  @EnvVar({ description: 'Public base URL of the web app, for the links in e-mails (no trailing slash)' })
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  @Matches(/[^/]$/, { message: 'APP_URL must not end with a slash' })
  APP_URL: string = 'http://localhost:3000';

  @RpcSigningKeyVar()
  RPC_SIGNING_KEY!: string;

  @RpcOpenKeyVar()
  RPC_SEAL_KEY!: string;
}
