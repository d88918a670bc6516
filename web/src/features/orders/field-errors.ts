import { i18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import type { FieldErrors } from '../../lib/validation';
import type { OrderDraft } from './edit';

export type DraftField = keyof OrderDraft;

/** The server names the refused field first ("customer.phone must be…"): which input it means. */
const PREFIXES: [string, DraftField][] = [
  ['customer.full_name', 'full_name'],
  ['customer.phone', 'phone'],
  ['customer.region', 'region'],
  ['customer.city', 'city'],
  ['quantity', 'quantity'],
  ['variants', 'quantity'],
  ['callbackAt', 'callbackAt'],
  ['status', 'status'],
];

/**
 * The field errors of a 400, or undefined when the message names no field of the row. The fields
 * are read from the server's English message; one refused field shows the refusal translated (its
 * code and parameters). Several refusals in one message carry no code each: in English each field
 * shows its own words, in another language that the field (as the server names it) is not valid.
 */
export function draftFieldErrors(error: unknown): FieldErrors<DraftField> | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.serverMessage) return undefined;
  const english = error.body?.message ?? error.serverMessage;
  const messages = english.split(/;\s*|\n/).filter(Boolean);
  const found: FieldErrors<DraftField> = {};
  for (const message of messages) {
    const [prefix, field] = PREFIXES.find(([start]) => message.startsWith(start)) ?? [];
    if (!field) continue;
    const text =
      i18n.resolvedLanguage === 'en' ? message : i18n.t('server.validation.failed', { field: prefix });
    found[field] = found[field] ? `${found[field]}; ${text}` : text;
  }
  const fields = Object.keys(found) as DraftField[];
  if (fields.length === 1 && messages.length === 1) found[fields[0]] = error.serverMessage;
  return fields.length ? found : undefined;
}
