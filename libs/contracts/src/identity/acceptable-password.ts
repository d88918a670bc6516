import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

let commonPasswords: Set<string> | undefined;

/** The shipped list (common-passwords.txt, its source in its header), read once on first use. */
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(join(__dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return commonPasswords.has(password.toLowerCase());
}

/** Letters and digits only, lower case: "Amina.Benali" and "amina benali" compare equal. */
const bare = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

function personalWords(owner: Record<string, unknown>): string[] {
  const words: string[] = [];
  if (typeof owner.email === 'string') words.push(owner.email, owner.email.split('@')[0]);
  if (typeof owner.name === 'string') words.push(owner.name);
  return words.map(bare).filter(Boolean);
}

/** Why a password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: unknown, owner: Record<string, unknown> = {}): string | undefined {
  if (password === undefined || password === null || password === '') return 'password is required';
  if (typeof password !== 'string') return 'password must be a string';
  if (password.length < PASSWORD_MIN_LENGTH)
    return `password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (/^(.)\1*$/su.test(password)) return 'password must not be one character repeated';
  if (personalWords(owner).includes(bare(password)))
    return 'password must not be your email address or your name';
  if (isCommonPassword(password))
    return 'password is too common: choose one that is not on lists of known passwords';
  return undefined;
}

/**
 * A password a person may choose: long enough, not one repeated character, not on the shipped list
 * of common passwords, not the email or name given beside it in the same body.
 */
export function IsAcceptablePassword(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isAcceptablePassword',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          passwordProblem(value, args.object as Record<string, unknown>) === undefined,
        // Named after the field it checks: `newPassword must be at least …`.
        defaultMessage: (args: ValidationArguments) =>
          (
            passwordProblem(args.value, args.object as Record<string, unknown>) ??
            'password is not acceptable'
          ).replace(/^password\b/, args.property),
      },
    });
}
