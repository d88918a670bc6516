import { EnvVar } from '@tawsil/config';
import { IsInt, IsIP, IsString, Max, Min } from 'class-validator';

export class SandboxYoucanConfig {
  @EnvVar({ description: 'HTTP port of the YouCan sandbox' })
  @IsInt()
  @Min(1)
  @Max(65535)
  SANDBOX_YOUCAN_PORT: number = 4010;

  @EnvVar({ description: 'Address the sandbox listens on: 127.0.0.1, or 0.0.0.0 in a container' })
  @IsIP()
  SANDBOX_HOST: string = '127.0.0.1';

  @EnvVar({ description: 'OAuth client id of the YouCan app (the YouCan sandbox accepts tawsil-sandbox)' })
  @IsString()
  YOUCAN_CLIENT_ID: string = 'tawsil-sandbox';

  @EnvVar({
    description: 'OAuth client secret of the YouCan app: YouCan signs its webhooks with it',
    secret: true,
  })
  @IsString()
  YOUCAN_CLIENT_SECRET: string = 'tawsil-sandbox-secret';
}
