import type { LinkError } from '@tawsil/contracts/stores-youcan';
import { i18n } from '../../i18n/i18n';

const LINK_ERRORS: readonly LinkError[] = [
  'link_invalid',
  'link_expired',
  'link_used',
  'link_other_browser',
  'youcan_refused',
  'youcan_failed',
  'store_taken',
  'unavailable',
];

/**
 * What the owner reads on /link-store for each code the OAuth callback sends back; an unknown code
 * gets a general sentence (stores.link_errors.* in the locale files).
 */
export function linkErrorText(code: string): string {
  const known = (LINK_ERRORS as readonly string[]).includes(code) ? code : 'unknown';
  return i18n.t(`stores.link_errors.${known}`);
}
