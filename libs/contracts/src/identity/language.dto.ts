import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { Omittable } from '../http/omittable';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './language';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

const LANGUAGE_REFUSED = `language must be one of ${LANGUAGES.join(', ')}`;

/** The language a user reads the app and its e-mails in: optional where it defaults to French. */
export function LanguageField(options: { optional: boolean }): PropertyDecorator {
  return (target, property) => {
    ApiProperty({
      enum: LANGUAGES,
      required: !options.optional,
      ...(options.optional ? { default: DEFAULT_LANGUAGE } : {}),
      description: 'fr (French), ar (Arabic) or en (English)',
    })(target, property);
    IsIn(LANGUAGES, { message: LANGUAGE_REFUSED })(target, property);
    if (options.optional) Omittable()(target, property);
  };
}

/** `PUT /api/users/me/language`: the signed-in user's choice, kept with the account. */
export class SetLanguageDto {
  @LanguageField({ optional: false })
  language!: Language;
}
