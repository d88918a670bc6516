import { EnvVar } from '@tawsil/config';
import { IsInt, IsIP, IsOptional, Matches, Max, Min } from 'class-validator';

export class SandboxZrConfig {
  @EnvVar({ description: 'HTTP port of the ZR Express sandbox' })
  @IsInt()
  @Min(1)
  @Max(65535)
  SANDBOX_ZR_PORT: number = 4020;

  @EnvVar({ description: 'Address the sandbox listens on: 127.0.0.1, or 0.0.0.0 in a container' })
  @IsIP()
  SANDBOX_HOST: string = '127.0.0.1';

  @EnvVar({
    description: 'API token the sandbox accepts (64 hex characters; random when unset)',
    secret: true,
  })
  @IsOptional()
  @Matches(/^[0-9a-f]{64}$/, { message: 'SANDBOX_ZR_TOKEN must be 64 hex characters' })
  SANDBOX_ZR_TOKEN?: string;

  @EnvVar({ description: 'API key the sandbox accepts (32 hex characters; random when unset)', secret: true })
  @IsOptional()
  @Matches(/^[0-9a-f]{32}$/, { message: 'SANDBOX_ZR_KEY must be 32 hex characters' })
  SANDBOX_ZR_KEY?: string;
}
