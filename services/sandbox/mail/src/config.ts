import { EnvVar } from '@tawsil/config';
import { IsInt, IsIP, Max, Min } from 'class-validator';

export class SandboxMailConfig {
  @EnvVar({ description: 'HTTP port of the mail sandbox (GET /messages reads the inbox)' })
  @IsInt()
  @Min(1)
  @Max(65535)
  SANDBOX_MAIL_PORT: number = 4030;

  @EnvVar({ description: 'SMTP port of the mail sandbox, where identity sends its e-mails' })
  @IsInt()
  @Min(1)
  @Max(65535)
  SANDBOX_SMTP_PORT: number = 1025;

  @EnvVar({ description: 'Address the sandbox listens on: 127.0.0.1, or 0.0.0.0 in a container' })
  @IsIP()
  SANDBOX_HOST: string = '127.0.0.1';
}
