import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { IsAcceptablePassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './acceptable-password';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** `POST /api/auth/password`: the signed-in user changes their password. */
export class ChangePasswordDto {
  @ApiProperty({ example: 'the current one' })
  @MaxLength(PASSWORD_MAX_LENGTH)
  @IsString({ message: 'currentPassword must be a string' })
  @IsNotEmpty({ message: 'currentPassword is required' })
  currentPassword!: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, example: 'correct horse battery staple' })
  @IsAcceptablePassword()
  @MaxLength(PASSWORD_MAX_LENGTH)
  @IsString({ message: 'newPassword must be a string' })
  @IsNotEmpty({ message: 'newPassword is required' })
  newPassword!: string;
}

/** `POST /api/auth/forgot-password`: mail a reset link to this address, if it has an account. */
export class ForgotPasswordDto {
  @ApiProperty({ example: 'amina@example.dz' })
  @Transform(trim)
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be a valid email address' })
  @IsNotEmpty({ message: 'email is required' })
  email!: string;
}

/** `POST /api/auth/reset-password`: the token of the mailed link, and the new password. */
export class ResetPasswordDto {
  @ApiProperty({ description: 'The token of the link in the e-mail' })
  @Matches(/^[A-Za-z0-9_-]{20,100}$/, { message: 'token is not a password-reset token' })
  @IsString({ message: 'token must be a string' })
  @IsNotEmpty({ message: 'token is required' })
  token!: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, example: 'correct horse battery staple' })
  @IsAcceptablePassword()
  @MaxLength(PASSWORD_MAX_LENGTH)
  @IsString({ message: 'password must be a string' })
  @IsNotEmpty({ message: 'password is required' })
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
