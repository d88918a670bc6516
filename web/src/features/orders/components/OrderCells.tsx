import type { ChangeEvent } from 'react';
import type { OrderDraft } from '../edit';
import { EDITABLE_STATUSES } from '../statuses';
import type { Status } from '../types';

const input =
  'w-full min-w-0 rounded border border-slate-300 px-2 py-1 text-sm focus:border-emerald-600 focus:outline-none focus:ring-1 focus:ring-emerald-600/40';

interface DraftInputProps {
  field: Exclude<keyof OrderDraft, 'status'>;
  label: string;
  draft: OrderDraft;
  onChange: (change: Partial<OrderDraft>) => void;
  type?: string;
}

/** One of the row's text inputs while it is edited, labelled for screen readers and tests. */
export function DraftInput({ field, label, draft, onChange, type = 'text' }: DraftInputProps) {
  return (
    <input
      aria-label={label}
      type={type}
      value={draft[field]}
      min={type === 'number' ? 1 : undefined}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange({ [field]: event.target.value })}
      className={input}
    />
  );
}

/** The five statuses a row may be set to; a status the row cannot set stays shown, disabled. */
export function StatusSelect({
  draft,
  onChange,
}: {
  draft: OrderDraft;
  onChange: (change: Partial<OrderDraft>) => void;
}) {
  const options: readonly Status[] = (EDITABLE_STATUSES as readonly Status[]).includes(draft.status)
    ? EDITABLE_STATUSES
    : [draft.status, ...EDITABLE_STATUSES];
  return (
    <select
      aria-label="Status"
      value={draft.status}
      onChange={(event) => onChange({ status: event.target.value as Status })}
      className={`${input} bg-white`}
    >
      {options.map((status) => (
        <option
          key={status}
          value={status}
          disabled={!(EDITABLE_STATUSES as readonly Status[]).includes(status)}
        >
          {status}
        </option>
      ))}
    </select>
  );
}
