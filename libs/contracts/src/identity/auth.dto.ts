import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import type { UserType } from '../rpc';
import { IsAcceptablePassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './acceptable-password';
import { IsNotActorName } from './actor-name';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class LoginDto {
  @ApiProperty({ example: 'amina@example.dz' })
  @Transform(trim)
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be a valid email address' })
  @IsNotEmpty({ message: 'email is required' })
  email!: string;

  @ApiProperty({ example: 'correct horse battery' })
  @MaxLength(PASSWORD_MAX_LENGTH)
  @IsString({ message: 'password must be a string' })
  @IsNotEmpty({ message: 'password is required' })
  password!: string;
}

export class RegisterDto {
  @ApiProperty({ example: 'Amina Benali' })
  @Transform(trim)
  @IsNotActorName()
  @MaxLength(100)
  @IsString({ message: 'name must be a string' })
  @IsNotEmpty({ message: 'name is required' })
  name!: string;

  @ApiProperty({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    example: 'correct horse battery',
    description: 'Not a common password, not one repeated character, not the email or name',
  })
  @IsAcceptablePassword()
  @IsString({ message: 'password must be a string' })
  @IsNotEmpty({ message: 'password is required' })
  password!: string;

  @ApiProperty({ example: 'amina@example.dz' })
  @Transform(trim)
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be a valid email address' })
  @IsNotEmpty({ message: 'email is required' })
  email!: string;

  @ApiProperty({ required: false, default: false, description: 'Register as a confirmation agent' })
  @IsOptional()
  @IsBoolean({ message: 'isConfirmateur must be true or false' })
  isConfirmateur?: boolean;
}

/** The answer to login and register, as the spec's call table gives it. */
export class AuthUserDto {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: ['owner', 'confirmateur'] }) type!: UserType;
  @ApiProperty({ description: 'Bearer token for every other call' }) token!: string;
}

/** Invite an agent to one of the owner's stores: `POST /api/confirmateur/{storeId}`. */
export class AddConfirmateurDto {
  @ApiProperty({ example: 'agent@example.dz' })
  @Transform(trim)
  @IsEmail({}, { message: 'email must be a valid email address' })
  @IsNotEmpty({ message: 'email is required' })
  email!: string;
}

/** Remove an agent from one store: `DELETE /api/confirmateur/{confirmateurId}`. */
export class RemoveConfirmateurDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('4', { message: 'storeId must be a store id' })
  @IsNotEmpty({ message: 'storeId is required' })
  storeId!: string;
}
