/**
 * Query parameters whose values are safe to log: identifiers, filters on dates and states, paging.
 * Every other value (tokens, OAuth codes and states, passwords, search terms, anything new) is
 * logged as `[redacted]`.
 */
const LOGGABLE_PARAMS = new Set(['cursor', 'from', 'limit', 'status', 'store', 'storeid', 'storename', 'to']);

export const REDACTED = '[redacted]';

/** Pages whose path carries a secret: an invitation link's token. */
const SECRET_PATHS = /^\/invitations\/[^/?#]+/;

/**
 * The path of a request URL, with every query value not known to be harmless redacted, and the
 * secret of a page whose path carries one.
 */
export function loggableUrl(original: string | undefined): string {
  if (!original) return '';
  const url = original.replace(SECRET_PATHS, `/invitations/${REDACTED}`);
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return LOGGABLE_PARAMS.has(safeDecode(name).toLowerCase()) ? pair : `${name}=${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${query}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
