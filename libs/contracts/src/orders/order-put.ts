/** What a PUT on an order asks for: the body's shape decides, before its fields are validated. */
export type OrderPut =
  | { kind: 'edit'; body: Record<string, unknown> }
  | { kind: 'note'; body: Record<string, unknown> }
  | { kind: 'delivery'; body: Record<string, unknown> }
  | { kind: 'invalid'; reason: string };

export const ORDER_PUT_EMPTY = 'send the edited order (with its version), {note} or {delivery}';
export const ORDER_PUT_AMBIGUOUS = 'send either note or delivery, not both';
export const ORDER_PUT_NOT_OBJECT = 'the body must be a JSON object';

/**
 * The full edited order carries its version or its status, and may carry `delivery` and `notes` as
 * it was read: only a body without both is a note or a delivery. Any other field makes it an edit,
 * so its validation names the missing field.
 */
export function classifyOrderPut(body: unknown): OrderPut {
  if (body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0))
    return { kind: 'invalid', reason: ORDER_PUT_EMPTY };
  if (typeof body !== 'object' || Array.isArray(body))
    return { kind: 'invalid', reason: ORDER_PUT_NOT_OBJECT };
  const fields = body as Record<string, unknown>;
  if ('version' in fields || 'status' in fields) return { kind: 'edit', body: fields };
  const hasNote = 'note' in fields;
  const hasDelivery = 'delivery' in fields;
  if (hasNote && hasDelivery) return { kind: 'invalid', reason: ORDER_PUT_AMBIGUOUS };
  if (hasNote) return { kind: 'note', body: fields };
  if (hasDelivery) return { kind: 'delivery', body: fields };
  return { kind: 'edit', body: fields };
}
