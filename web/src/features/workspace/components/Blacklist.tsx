import { useState, type FormEvent } from 'react';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { TextField } from '../../../components/ui/TextField';
import { orderFailure } from '../../orders/failure';
import { addToBlacklist, removeFromBlacklist, useBlacklist } from '../api';
import { useTranslation } from 'react-i18next';

/** The owner's blacklist: phones whose orders are flagged in red, with why. */
export function Blacklist({ onDone }: { onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const { data: entries, error, mutate } = useBlacklist();
  const [phone, setPhone] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; reason?: string }>({});
  const [failure, setFailure] = useState<string>();

  async function add(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(phone.trim() ? {} : { phone: t('blacklist.phone_required') }),
      ...(reason.trim() ? {} : { reason: t('blacklist.reason_required') }),
    };
    setErrors(found);
    if (Object.keys(found).length) return;
    setFailure(undefined);
    try {
      await addToBlacklist(phone.trim(), reason.trim());
      setPhone('');
      setReason('');
      onDone(t('blacklist.added'));
    } catch (failed) {
      setFailure(orderFailure(failed, t('blacklist.add_failed')));
    }
    await mutate();
  }

  async function remove(id: string) {
    setFailure(undefined);
    try {
      await removeFromBlacklist(id);
      onDone(t('blacklist.removed'));
    } catch (failed) {
      setFailure(orderFailure(failed, t('blacklist.remove_failed')));
    }
    await mutate();
  }

  return (
    <div className="flex flex-col gap-4">
      {error && <ErrorBox message={orderFailure(error, t('blacklist.load_failed'))} />}
      {failure && <ErrorBox message={failure} />}
      <form
        noValidate
        aria-label={t('blacklist.form')}
        onSubmit={add}
        className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
      >
        <TextField
          label={t('blacklist.phone')}
          type="tel"
          value={phone}
          error={errors.phone}
          onChange={(event) => setPhone(event.target.value)}
        />
        <TextField
          label={t('blacklist.reason')}
          value={reason}
          maxLength={200}
          error={errors.reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <button
          type="submit"
          className="min-h-11 rounded-md bg-red-700 px-4 font-medium text-white hover:bg-red-800"
        >
          {t('blacklist.add')}
        </button>
      </form>
      {entries?.length === 0 && <p className="text-slate-600">{t('blacklist.none')}</p>}
      {entries && entries.length > 0 && (
        <ul
          aria-label={t('blacklist.list')}
          className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
        >
          {entries.map((entry) => (
            <li
              key={entry._id}
              data-testid="blacklist-entry"
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
            >
              <div className="min-w-0">
                <p className="font-mono">{entry.phone}</p>
                <p className="break-words text-sm text-slate-600">{entry.reason}</p>
              </div>
              <button
                type="button"
                aria-label={t('blacklist.remove_phone', { phone: entry.phone })}
                onClick={() => void remove(entry._id)}
                className="min-h-11 rounded-md px-3 text-sm font-medium text-red-700 hover:bg-red-50"
              >
                {t('confirmateurs.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
