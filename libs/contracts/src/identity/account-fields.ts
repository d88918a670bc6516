import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsAcceptablePassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './acceptable-password';
import { IsNotActorName } from './actor-name';

export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

// applyDecorators applies its list in order, the reverse of decorators stacked above a field: the
// checks are listed from the first one a bad value meets (required) to the last, as before.

/** An account's e-mail address, trimmed: sign-in, registration, password reset. */
export const AccountEmail = () =>
  applyDecorators(
    IsNotEmpty({ message: '$property is required' }),
    IsEmail({}, { message: '$property must be a valid email address' }),
    MaxLength(254),
    Transform(trim),
    ApiProperty({ example: 'amina@example.dz' }),
  );

/** The name other people see (in order history, on claims): not one of the system's own actors. */
export const DisplayName = () =>
  applyDecorators(
    IsNotEmpty({ message: '$property is required' }),
    IsString({ message: '$property must be a string' }),
    MaxLength(100),
    IsNotActorName(),
    Transform(trim),
    ApiProperty({ example: 'Amina Benali' }),
  );

/** A password being chosen: registration, an invitation, a change, a reset. */
export const NewPassword = () =>
  applyDecorators(
    IsNotEmpty({ message: '$property is required' }),
    IsString({ message: '$property must be a string' }),
    IsAcceptablePassword(),
    ApiProperty({
      minLength: PASSWORD_MIN_LENGTH,
      maxLength: PASSWORD_MAX_LENGTH,
      example: 'correct horse battery',
      description: 'Not a common password, not one repeated character, not the email or name',
    }),
  );
