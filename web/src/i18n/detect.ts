import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';

/** Where a signed-out visitor's own choice is kept (a signed-in user's is on the server). */
export const LANGUAGE_STORAGE_KEY = 'tawsil.language';

/**
 * The browser's first wish among the app's languages: Arabic or English when it asks for them
 * before French, else French.
 */
export function browserLanguage(
  wanted: readonly string[] = navigator.languages ?? [navigator.language],
): Language {
  for (const tag of wanted) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** The language the app opens in: the signed-in user's, else the visitor's choice, else the browser's. */
export function initialLanguage(storedUserLanguage: unknown): Language {
  if (isLanguage(storedUserLanguage)) return storedUserLanguage;
  const chosen = readChosenLanguage();
  return chosen ?? browserLanguage();
}

export function readChosenLanguage(): Language | undefined {
  try {
    const chosen = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(chosen) ? chosen : undefined;
  } catch {
    return undefined;
  }
}

export function keepChosenLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private browsing without storage: the choice lasts for this page only.
  }
}
