import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface NoteControlProps {
  /** The note being written; undefined while the input is closed. */
  note?: string;
  busy: boolean;
  onOpen: () => void;
  onChange: (text: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

const small = 'rounded px-2 py-1 text-sm font-medium';

/** "add note" opens an input with Submit and Cancel; an empty note just closes it. */
export function NoteControl({ note, busy, onOpen, onChange, onSubmit, onCancel }: NoteControlProps) {
  const { t } = useTranslation();
  if (note === undefined) {
    return (
      <button type="button" onClick={onOpen} className={`${small} text-emerald-700 hover:bg-emerald-50`}>
        {t('notes.add')}
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-1">
      <input
        aria-label={t('notes.note')}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- shown by the agent's own tap on "Note": the field it opened takes the focus
        autoFocus
        value={note}
        maxLength={2000}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded border border-slate-300 px-2 py-1 text-sm focus:border-emerald-600 focus:outline-none"
      />
      <div className="flex gap-1">
        <button
          type="submit"
          disabled={busy}
          className={`${small} bg-emerald-700 text-white hover:bg-emerald-800`}
        >
          {t('notes.submit')}
        </button>
        <button type="button" onClick={onCancel} className={`${small} text-slate-700 hover:bg-slate-100`}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
