import { BooleanVar, EnvVar, RpcOpenKeyVar, SecretKeepingServiceConfig } from '@tawsil/config';
import { IsBoolean, IsInt, IsString, IsUrl, Max, Min } from 'class-validator';

const url = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

export class StoresYoucanConfig extends SecretKeepingServiceConfig {
  override HEALTH_PORT: number = 3103;
  override METRICS_PORT: number = 9403;

  @RpcOpenKeyVar()
  RPC_SEAL_KEY!: string;

  @EnvVar({
    description:
      'Address where browsers, YouCan and ZR Express reach the gateway; the OAuth callback and webhooks use it',
    required: true,
  })
  @IsUrl(url, { message: 'PUBLIC_URL must be an http(s) URL' })
  PUBLIC_URL!: string;

  @EnvVar({
    description: 'OAuth client id of the YouCan app (the YouCan sandbox accepts tawsil-sandbox)',
    required: true,
  })
  @IsString()
  YOUCAN_CLIENT_ID!: string;

  @EnvVar({
    description:
      "OAuth client secret of the YouCan app: YouCan signs its webhooks with it, and each store's webhook key derives from it",
    required: true,
    secret: true,
  })
  @IsString()
  YOUCAN_CLIENT_SECRET!: string;

  @EnvVar({ description: "YouCan's OAuth consent page" })
  @IsUrl(url)
  YOUCAN_AUTHORIZE_URL: string = 'https://seller-area.youcan.shop/admin/oauth/authorize';

  @EnvVar({ description: "YouCan's API base URL (its token endpoint is <this>/oauth/token)" })
  @IsUrl(url)
  YOUCAN_API_URL: string = 'https://api.youcan.shop';

  @EnvVar({
    description:
      'Send a PKCE S256 challenge when linking a store, and its verifier with the code (false: neither, for a YouCan that refuses them)',
  })
  @BooleanVar()
  @IsBoolean()
  YOUCAN_PKCE: boolean = true;

  @EnvVar({ description: 'Orders read per page by the initial import' })
  @IsInt()
  @Min(1)
  @Max(100)
  YOUCAN_IMPORT_PAGE_SIZE: number = 50;

  @EnvVar({ description: "Milliseconds between two re-reads of each store's recent orders from YouCan" })
  @IsInt()
  @Min(200)
  REPAIR_RECENT_ORDERS_INTERVAL_MS: number = 3_600_000;

  @EnvVar({
    description:
      'Milliseconds between two sendings of every store and its owner to orders and delivery/zr (lost events put right)',
  })
  @IsInt()
  @Min(200)
  REPAIR_STORE_OWNERS_INTERVAL_MS: number = 600_000;

  @EnvVar({
    description: 'Hours of orders the re-read covers: an order lost by its webhook is recovered within them',
  })
  @IsInt()
  @Min(1)
  @Max(720)
  REPAIR_RECENT_ORDERS_HOURS: number = 48;

  @EnvVar({
    description: 'Days a webhook delivery is remembered: the same delivery again within them stores nothing',
  })
  @IsInt()
  @Min(1)
  @Max(365)
  WEBHOOK_DELIVERIES_KEPT_DAYS: number = 7;
}
