import { EnvVar } from '@tawsil/config';
import { IsInt, IsIP, IsOptional, Matches, Max, Min } from 'class-validator';

export class SandboxYalidineConfig {
  @EnvVar({ description: 'HTTP port of the Yalidine sandbox' })
  @IsInt()
  @Min(1)
  @Max(65535)
  SANDBOX_YALIDINE_PORT: number = 4040;

  @EnvVar({ description: 'Address the sandbox listens on: 127.0.0.1, or 0.0.0.0 in a container' })
  @IsIP()
  SANDBOX_HOST: string = '127.0.0.1';

  @EnvVar({ description: 'API ID the Yalidine sandbox accepts (20 digits; random when unset)' })
  @IsOptional()
  @Matches(/^\d{20}$/, { message: 'SANDBOX_YALIDINE_API_ID must be 20 digits' })
  SANDBOX_YALIDINE_API_ID?: string;

  @EnvVar({
    description: 'API token the Yalidine sandbox accepts (64 letters and digits; random when unset)',
    secret: true,
  })
  @IsOptional()
  @Matches(/^[A-Za-z0-9]{64}$/, { message: 'SANDBOX_YALIDINE_API_TOKEN must be 64 letters and digits' })
  SANDBOX_YALIDINE_API_TOKEN?: string;
}
