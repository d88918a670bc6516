import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { directionOf, type Language } from './languages';

type Messages = Record<string, unknown>;

/** One file per language, each loaded only when the app is shown in it. */
const LOADERS: Record<Language, () => Promise<{ default: Messages }>> = {
  fr: () => import('./locales/fr.json'),
  ar: () => import('./locales/ar.json'),
  en: () => import('./locales/en.json'),
};

export const i18n = i18next.createInstance();

/** A text asked for and absent from the language's file; the browser tests fail on any. */
export const MISSING_KEY_LOG = 'Missing translation';

async function loadMessages(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', (await LOADERS[language]()).default);
}

/** <html lang dir>: Arabic lays the whole page out right to left. */
function applyToDocument(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language as Language);
}

/**
 * Starts the app's translations in `language`. `messages` gives them at once (tests); otherwise
 * the language's file is loaded first.
 */
export async function startI18n(
  language: Language,
  messages?: Partial<Record<Language, Messages>>,
): Promise<void> {
  i18n.on('languageChanged', applyToDocument);
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: Object.fromEntries(
      Object.entries(messages ?? {}).map(([lang, bundle]) => [lang, { translation: bundle }]),
    ),
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => console.error(`${MISSING_KEY_LOG}: ${key}`),
  });
  await loadMessages(language);
  applyToDocument(language);
}

let wanted: Language | undefined;

/**
 * Shows the app in `language` at once, its file loaded first when it is new to this page. The last
 * language asked for wins: a file still loading for an earlier choice does not switch back to it.
 */
export async function switchLanguage(language: Language): Promise<void> {
  wanted = language;
  await loadMessages(language);
  if (wanted !== language || i18n.language === language) return;
  await i18n.changeLanguage(language);
}

/** The language the app shows now. */
export const currentLanguage = (): Language => i18n.language as Language;
