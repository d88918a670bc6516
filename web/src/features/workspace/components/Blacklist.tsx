import { useState, type FormEvent } from 'react';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { TextField } from '../../../components/ui/TextField';
import { orderFailure } from '../../orders/failure';
import { addToBlacklist, removeFromBlacklist, useBlacklist } from '../api';

/** The owner's blacklist: phones whose orders are flagged in red, with why. */
export function Blacklist({ onDone }: { onDone: (text: string) => void }) {
  const { data: entries, error, mutate } = useBlacklist();
  const [phone, setPhone] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; reason?: string }>({});
  const [failure, setFailure] = useState<string>();

  async function add(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(phone.trim() ? {} : { phone: 'phone is required' }),
      ...(reason.trim() ? {} : { reason: 'reason is required' }),
    };
    setErrors(found);
    if (Object.keys(found).length) return;
    setFailure(undefined);
    try {
      await addToBlacklist(phone.trim(), reason.trim());
      setPhone('');
      setReason('');
      onDone('Phone added to the blacklist');
    } catch (failed) {
      setFailure(orderFailure(failed, 'Could not add the phone.'));
    }
    await mutate();
  }

  async function remove(id: string) {
    setFailure(undefined);
    try {
      await removeFromBlacklist(id);
      onDone('Phone removed from the blacklist');
    } catch (failed) {
      setFailure(orderFailure(failed, 'Could not remove the phone.'));
    }
    await mutate();
  }

  return (
    <div className="flex flex-col gap-4">
      {error && <ErrorBox message={orderFailure(error, 'The blacklist could not be loaded.')} />}
      {failure && <ErrorBox message={failure} />}
      <form
        noValidate
        aria-label="Add to the blacklist"
        onSubmit={add}
        className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
      >
        <TextField
          label="Phone"
          type="tel"
          value={phone}
          error={errors.phone}
          onChange={(event) => setPhone(event.target.value)}
        />
        <TextField
          label="Reason"
          value={reason}
          maxLength={200}
          error={errors.reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <button
          type="submit"
          className="min-h-11 rounded-md bg-red-700 px-4 font-medium text-white hover:bg-red-800"
        >
          Add to blacklist
        </button>
      </form>
      {entries?.length === 0 && <p className="text-slate-600">No phone is blacklisted.</p>}
      {entries && entries.length > 0 && (
        <ul
          aria-label="Blacklisted phones"
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
                aria-label={`Remove ${entry.phone} from the blacklist`}
                onClick={() => void remove(entry._id)}
                className="min-h-11 rounded-md px-3 text-sm font-medium text-red-700 hover:bg-red-50"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
