import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepChosenLanguage } from '../../i18n/detect';
import { switchLanguage } from '../../i18n/i18n';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n/languages';
import { useSession } from '../../lib/session';
import { saveLanguage } from './api';

/**
 * The language of the app, in the top bar: it switches at once, and a signed-in user's choice is
 * stored on the server so that it follows them to another browser.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const { user, setLanguage } = useSession();
  const [unsaved, setUnsaved] = useState(false);

  async function choose(language: Language) {
    setUnsaved(false);
    keepChosenLanguage(language);
    await switchLanguage(language);
    if (!user) return;
    setLanguage(language);
    try {
      await saveLanguage(language);
    } catch {
      setUnsaved(true);
    }
  }

  return (
    <span className="flex items-center gap-2">
      <select
        aria-label={t('language.label')}
        value={i18n.language}
        onChange={(event) => isLanguage(event.target.value) && void choose(event.target.value)}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
      {unsaved && (
        <span role="alert" className="text-xs text-red-700">
          {t('language.not_saved')}
        </span>
      )}
    </span>
  );
}
