import { EnvVar, RpcOpenKeyVar, RpcSigningKeyVar, SecretKeepingServiceConfig } from '@tawsil/config';
import { IsInt, IsUrl, Max, Min } from 'class-validator';

const url = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

export class DeliveryZrConfig extends SecretKeepingServiceConfig {
  override HEALTH_PORT: number = 3104;
  override METRICS_PORT: number = 9404;

  @RpcOpenKeyVar()
  RPC_SEAL_KEY!: string;

  @RpcSigningKeyVar()
  RPC_SIGNING_KEY!: string;

  @EnvVar({
    description:
      'Address where browsers, YouCan and ZR Express reach the gateway; the OAuth callback and webhooks use it',
    required: true,
  })
  @IsUrl(url, { message: 'PUBLIC_URL must be an http(s) URL' })
  PUBLIC_URL!: string;

  @EnvVar({ description: "ZR Express's procolis API base URL (the ZR sandbox in development)" })
  @IsUrl(url, { message: 'ZR_API_URL must be an http(s) URL' })
  ZR_API_URL: string = 'https://procolis.com/api_v1';

  @EnvVar({
    description:
      "ZR Express's current API base URL, for accounts with an API key and tenant id (the ZR sandbox in development)",
  })
  @IsUrl(url, { message: 'ZR_CURRENT_API_URL must be an http(s) URL' })
  ZR_CURRENT_API_URL: string = 'https://api.zrexpress.app/api/v1';

  @EnvVar({ description: 'Milliseconds a call to ZR Express may take before it counts as failed' })
  @IsInt()
  @Min(100)
  @Max(120_000)
  ZR_TIMEOUT_MS: number = 20_000;

  @EnvVar({ description: 'Parcels sent to ZR Express per add_colis call' })
  @IsInt()
  @Min(1)
  @Max(100)
  ZR_BATCH_SIZE: number = 50;

  @EnvVar({ description: "Yalidine's API v1 base URL (the Yalidine sandbox in development)" })
  @IsUrl(url, { message: 'YALIDINE_API_URL must be an http(s) URL' })
  YALIDINE_API_URL: string = 'https://api.yalidine.app/v1';

  @EnvVar({ description: 'Milliseconds a call to Yalidine may take before it counts as failed' })
  @IsInt()
  @Min(100)
  @Max(120_000)
  YALIDINE_TIMEOUT_MS: number = 20_000;

  @EnvVar({ description: 'Parcels sent to Yalidine per creation call' })
  @IsInt()
  @Min(1)
  @Max(100)
  YALIDINE_BATCH_SIZE: number = 50;

  @EnvVar({ description: 'Calls a second one Yalidine account may make, across every instance (its quota)' })
  @IsInt()
  @Min(1)
  YALIDINE_QUOTA_PER_SECOND: number = 5;

  @EnvVar({ description: 'Calls a minute one Yalidine account may make, across every instance (its quota)' })
  @IsInt()
  @Min(1)
  YALIDINE_QUOTA_PER_MINUTE: number = 50;

  @EnvVar({ description: 'Calls an hour one Yalidine account may make, across every instance (its quota)' })
  @IsInt()
  @Min(1)
  YALIDINE_QUOTA_PER_HOUR: number = 1_000;

  @EnvVar({ description: 'Calls a day one Yalidine account may make, across every instance (its quota)' })
  @IsInt()
  @Min(1)
  YALIDINE_QUOTA_PER_DAY: number = 10_000;

  @EnvVar({ description: 'Milliseconds between two readings of the parcels in transit' })
  @IsInt()
  @Min(200)
  ZR_TRACKING_INTERVAL_MS: number = 300_000;

  @EnvVar({ description: 'Saisie jobs one instance runs at the same time' })
  @IsInt()
  @Min(1)
  @Max(32)
  SAISIE_CONCURRENCY: number = 2;

  @EnvVar({
    description:
      'Saisie jobs that may send to one ZR Express account at the same time, across every instance; others wait',
  })
  @IsInt()
  @Min(1)
  @Max(32)
  SAISIE_PER_ACCOUNT: number = 1;

  @EnvVar({
    description:
      'Milliseconds between two sweeps for parcels created at ZR Express that orders has not applied',
  })
  @IsInt()
  @Min(200)
  REPAIR_PARCELS_INTERVAL_MS: number = 300_000;

  @EnvVar({ description: 'Milliseconds between two sweeps for saisies whose job failed without ending them' })
  @IsInt()
  @Min(200)
  REPAIR_SAISIES_INTERVAL_MS: number = 60_000;
}
