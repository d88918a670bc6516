/** One changed field, from what to what. */
export interface FieldChange {
  field: string;
  from: string | number | null;
  to: string | number | null;
}

const shown = (value: string | number | null) => (value === null || value === '' ? '(empty)' : `"${value}"`);

/** The history's change text: `status: "pending" → "confirmé"; customer.phone: "…" → "…"`. */
export function describeChanges(changes: FieldChange[]): string {
  return changes.map((change) => `${change.field}: ${shown(change.from)} → ${shown(change.to)}`).join('; ');
}
