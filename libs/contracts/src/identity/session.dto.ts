import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { PASSWORD_MAX_LENGTH } from './acceptable-password';
import { AccountEmail, NewPassword } from './account-fields';

/** `POST /api/auth/password`: the signed-in user changes their password. */
export class ChangePasswordDto {
  @ApiProperty({ example: 'the current one' })
  @MaxLength(PASSWORD_MAX_LENGTH)
  @IsString({ message: 'currentPassword must be a string' })
  @IsNotEmpty({ message: 'currentPassword is required' })
  currentPassword!: string;

  @NewPassword()
  newPassword!: string;
}

/** `POST /api/auth/forgot-password`: mail a reset link to this address, if it has an account. */
export class ForgotPasswordDto {
  @AccountEmail()
  email!: string;
}

/** `POST /api/auth/reset-password`: the token of the mailed link, and the new password. */
export class ResetPasswordDto {
  @ApiProperty({ description: 'The token of the link in the e-mail' })
  @Matches(/^[A-Za-z0-9_-]{20,100}$/, { message: 'token is not a password-reset token' })
  @IsString({ message: 'token must be a string' })
  @IsNotEmpty({ message: 'token is required' })
  token!: string;

  @NewPassword()
  password!: string;
}

/** One signed-in device, as `GET /api/auth/sessions` lists them. */
export class SessionView {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ description: 'The browser that signed in, as it named itself' }) userAgent!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) lastUsedAt!: string;
  @ApiProperty({ description: 'The session of this request' }) current!: boolean;
}

/** `POST /api/auth/password` */
export class PasswordChanged {
  @ApiProperty() message!: string;
  @ApiProperty({ description: 'How many other sessions ended' }) endedSessions!: number;
}
