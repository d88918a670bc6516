import { describeMessage } from '@tawsil/contracts/messages';

export interface CodedReason {
  code: string;
  params: Record<string, string>;
}

/**
 * The code and parameters of a saisie's English reason, from the catalogue; a reason in no one's
 * words but its own is `saisie.reason.other`, the text as its parameter.
 */
export function codedReason(reason: string): CodedReason {
  const found = describeMessage(reason, 'saisie.reason.');
  if (!found) return { code: 'saisie.reason.other', params: { reason } };
  return { code: found.code, params: stringParams(found.params) };
}

const stringParams = (params: Record<string, string | number> = {}) =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
