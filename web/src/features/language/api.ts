import type { Language } from '../../i18n/languages';
import { api } from '../../lib/api-client';

/** Stores the user's language on the server: it comes back with the user on every sign-in. */
export const saveLanguage = (language: Language) =>
  api<unknown>('/api/users/me/language', { method: 'PUT', body: { language } });
