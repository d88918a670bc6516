import { IsBoolean, IsIn, IsInt, IsIP, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { BooleanVar, EnvVar } from './env-var.decorator';
import { RpcPublicKeysVar } from './rpc-keys';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The variables every service reads. */
export class CommonConfig {
  @EnvVar({
    description: "Redis URL for the RPC transport and queues, with the service's own user and password",
    required: true,
    secret: true,
  })
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL!: string;

  @EnvVar({
    description:
      'production (the Docker image sets it): refuse to start on a Redis whose default user is on or that REDIS_URL reaches as default',
  })
  @IsOptional()
  @IsString()
  NODE_ENV?: string;

  @EnvVar({ description: 'Milliseconds an RPC call waits for an answer before giving up' })
  @IsInt()
  @Min(100)
  @Max(120_000)
  RPC_TIMEOUT_MS: number = 5000;

  @EnvVar({ description: 'Log level: fatal, error, warn, info, debug, trace or silent' })
  @IsIn(LOG_LEVELS)
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  @EnvVar({ description: 'Name of this instance in logs and RPC consumer groups (default: host and pid)' })
  @IsOptional()
  @IsString()
  INSTANCE_NAME?: string;

  @EnvVar({
    description:
      'Address the HTTP, health and metrics listeners bind to: 127.0.0.1, or 0.0.0.0 in a container',
  })
  @IsIP()
  BIND_ADDRESS: string = '127.0.0.1';

  /** Each service sets its own default, as for HEALTH_PORT: instances on one host must not clash. */
  @EnvVar({ description: 'Port of the internal Prometheus /metrics endpoint (0: any free port)' })
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT!: number;
}

/** Variables of the services that own a PostgreSQL schema. */
export class DatabaseServiceConfig extends CommonConfig {
  @EnvVar({ description: 'PostgreSQL URL', required: true, secret: true })
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL!: string;

  @EnvVar({ description: 'Port of the liveness and readiness endpoints' })
  @IsInt()
  @Min(1)
  @Max(65535)
  HEALTH_PORT!: number;

  @EnvVar({ description: 'Largest number of PostgreSQL connections this instance opens' })
  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_MAX: number = 10;

  @RpcPublicKeysVar()
  RPC_PUBLIC_KEYS!: string;

  @EnvVar({
    description:
      "true: main.ts runs the service's queue processors too, one process doing both; false: worker.ts runs them",
  })
  @BooleanVar()
  @IsBoolean()
  RUN_WORKERS: boolean = false;
}

/** Services that keep third-party secrets (store tokens, carrier API keys) sealed in their tables. */
export class SecretKeepingServiceConfig extends DatabaseServiceConfig {
  @EnvVar({
    description:
      "32 random bytes, base64: encrypts store tokens, delivery accounts' API keys and store-link PKCE verifiers at rest",
    required: true,
    secret: true,
  })
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'ENCRYPTION_KEY must be 32 bytes, base64-encoded' })
  ENCRYPTION_KEY!: string;
}

/** What a migration step needs: the database only. */
export class MigrationConfig {
  @EnvVar({ description: 'PostgreSQL URL', required: true, secret: true })
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL!: string;

  @EnvVar({ description: 'Largest number of PostgreSQL connections' })
  @IsInt()
  @Min(1)
  DATABASE_POOL_MAX: number = 2;
}
