import type { LinkError } from '@tawsil/contracts/stores-youcan';

/** What the owner reads on /link-store for each code the OAuth callback sends back. */
export const LINK_ERROR_TEXTS: Record<LinkError, string> = {
  link_invalid: 'This YouCan link is not valid: add the store again.',
  link_expired: 'This YouCan link has expired (it lasts 10 minutes): add the store again.',
  link_used: 'This YouCan link was already used: nothing more was connected. Your stores are listed below.',
  link_other_browser:
    'The store was not connected: finish on YouCan in the browser where you pressed Add Store. If you did not add a store yourself, someone sent you their link: nothing was connected.',
  youcan_refused: 'The store was not connected: access was refused on YouCan.',
  youcan_failed: 'YouCan did not complete the authorization; try again in a moment.',
  store_taken: 'This YouCan store is already connected to another account.',
  unavailable: 'The store could not be connected right now; try again in a moment.',
};

const UNKNOWN_ERROR = 'The store could not be connected: add it again.';

export function linkErrorText(code: string): string {
  return Object.hasOwn(LINK_ERROR_TEXTS, code) ? LINK_ERROR_TEXTS[code as LinkError] : UNKNOWN_ERROR;
}
