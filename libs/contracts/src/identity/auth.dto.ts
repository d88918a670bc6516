import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import type { UserType } from '../rpc';
import { Omittable } from '../http/omittable';
import { PASSWORD_MAX_LENGTH } from './acceptable-password';
import { AccountEmail, DisplayName, NewPassword } from './account-fields';
import { LANGUAGES, type Language } from './language';
import { LanguageField } from './language.dto';

export class LoginDto {
  @AccountEmail()
  email!: string;

  @ApiProperty({ example: 'correct horse battery' })
  @MaxLength(PASSWORD_MAX_LENGTH)
  @IsString({ message: 'password must be a string' })
  @IsNotEmpty({ message: 'password is required' })
  password!: string;
}

export class RegisterDto {
  @DisplayName()
  name!: string;

  @NewPassword()
  password!: string;

  @AccountEmail()
  email!: string;

  @ApiProperty({ required: false, default: false, description: 'Register as a confirmation agent' })
  @Omittable()
  @IsBoolean({ message: 'isConfirmateur must be true or false' })
  isConfirmateur?: boolean;

  /** The browser's choice; French when it asks for neither Arabic nor English. */
  @LanguageField({ optional: true })
  language?: Language;
}

/** The answer to login and register, as the spec's call table gives it. */
export class AuthUserDto {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: ['owner', 'confirmateur'] }) type!: UserType;
  @ApiProperty({ enum: LANGUAGES }) language!: Language;
  @ApiProperty({ description: 'Bearer token for every other call' }) token!: string;
}

/** `POST /api/invitations/register`: the new confirmateur, signed in, and the store it joined. */
export class InvitedUserDto extends AuthUserDto {
  @ApiProperty({ format: 'uuid' }) storeId!: string;
}

/** `GET /api/users/me`: the signed-in user, as identity keeps it (the language follows them). */
export class CurrentUserView {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['owner', 'confirmateur'] }) type!: UserType;
  @ApiProperty({ enum: LANGUAGES }) language!: Language;
}

/** Invite an agent to one of the owner's stores: `POST /api/confirmateur/{storeId}`. */
export class AddConfirmateurDto {
  @AccountEmail()
  email!: string;
}

/** Remove an agent from one store: `DELETE /api/confirmateur/{confirmateurId}`. */
export class RemoveConfirmateurDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('4', { message: 'storeId must be a store id' })
  @IsNotEmpty({ message: 'storeId is required' })
  storeId!: string;
}
