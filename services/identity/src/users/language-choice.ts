import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@tawsil/contracts/identity';
import { coded } from '@tawsil/contracts/messages';
import { ServiceError } from '@tawsil/nest-common';

/** The language asked for, French when none was; a value that is not one of LANGUAGES is refused. */
export function languageChoice(asked: unknown): Language {
  if (asked === undefined || asked === null) return DEFAULT_LANGUAGE;
  if (!isLanguage(asked))
    throw ServiceError.badRequest(coded('users.language_unknown', { languages: LANGUAGES.join(', ') }));
  return asked;
}
