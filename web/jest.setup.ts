// jsdom lacks the encoders React Router uses.
import { TextDecoder, TextEncoder } from 'node:util';
import { startI18n } from './src/i18n/i18n';
import ar from './src/i18n/locales/ar.json';
import en from './src/i18n/locales/en.json';
import fr from './src/i18n/locales/fr.json';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// Screens are tested in English, as a user who chose English sees them; every file is loaded so a
// test may switch.
void startI18n('en', { en, fr, ar });
