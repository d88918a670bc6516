import type { Language } from '@tawsil/contracts/identity';

export type { Language };

/** The app's languages, in the order the picker shows them (the contracts' LANGUAGES). */
export const LANGUAGES = ['fr', 'ar', 'en'] as const satisfies readonly Language[];
export const DEFAULT_LANGUAGE: Language = 'fr';

/** Each language's name in its own words, for the picker. */
export const LANGUAGE_NAMES: Record<Language, string> = { fr: 'Français', ar: 'العربية', en: 'English' };

/** The locale Intl formats with: Algeria's French and Arabic (Arabic keeps Latin digits there). */
export const INTL_LOCALES: Record<Language, string> = { fr: 'fr-DZ', ar: 'ar-DZ', en: 'en-GB' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export const directionOf = (language: Language): 'rtl' | 'ltr' => (language === 'ar' ? 'rtl' : 'ltr');
