import type { ChangeEvent } from 'react';
import type { OrderDraft } from '../edit';
import { EDITABLE_STATUSES } from '../statuses';
import type { Status } from '../types';
import { useTranslation } from 'react-i18next';

const input =
  'w-full min-w-0 rounded border border-slate-300 px-2 py-1 text-sm focus:border-emerald-600 focus:outline-none focus:ring-1 focus:ring-emerald-600/40 aria-[invalid=true]:border-red-500';

/** The server's words under the input it refused. */
function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-xs text-red-600">
      {error}
    </p>
  );
}

interface DraftInputProps {
  field: Exclude<keyof OrderDraft, 'status'>;
  label: string;
  draft: OrderDraft;
  onChange: (change: Partial<OrderDraft>) => void;
  type?: string;
  error?: string;
  /** Tells the row's inputs apart (error ids). */
  orderId: string;
}

/** One of the row's inputs while it is edited, labelled for screen readers and tests. */
export function DraftInput({
  field,
  label,
  draft,
  onChange,
  type = 'text',
  error,
  orderId,
}: DraftInputProps) {
  const errorId = `${orderId}-${field}-error`;
  return (
    <>
      <input
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        type={type}
        value={draft[field]}
        min={type === 'number' ? 1 : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange({ [field]: event.target.value })}
        className={input}
      />
      <FieldError id={errorId} error={error} />
    </>
  );
}

interface StatusSelectProps {
  draft: OrderDraft;
  onChange: (change: Partial<OrderDraft>) => void;
  errors: { status?: string; callbackAt?: string };
  orderId: string;
}

/**
 * The statuses a row may be set to; a status the row cannot set stays shown, disabled. Reporté
 * adds the callback's date and time, on an Algerian clock.
 */
export function StatusSelect({ draft, onChange, errors, orderId }: StatusSelectProps) {
  const { t } = useTranslation();
  const options: readonly Status[] = (EDITABLE_STATUSES as readonly Status[]).includes(draft.status)
    ? EDITABLE_STATUSES
    : [draft.status, ...EDITABLE_STATUSES];
  return (
    <div className="flex flex-col gap-1">
      <select
        aria-label={t('filters.status')}
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
            {t(`status.${status}`)}
          </option>
        ))}
      </select>
      <FieldError id={`${orderId}-status-error`} error={errors.status} />
      {draft.status === 'reporté' && (
        <label className="flex flex-col gap-0.5 text-xs text-slate-600">
          {t('row.callback')}
          <input
            type="datetime-local"
            aria-label={t('callback.form')}
            aria-invalid={errors.callbackAt ? true : undefined}
            value={draft.callbackAt}
            onChange={(event) => onChange({ callbackAt: event.target.value })}
            className={input}
          />
          <FieldError id={`${orderId}-callbackAt-error`} error={errors.callbackAt} />
        </label>
      )}
    </div>
  );
}
