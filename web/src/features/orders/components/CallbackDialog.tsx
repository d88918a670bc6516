import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/Modal';
import { TextField } from '../../../components/ui/TextField';
import type { Order } from '../types';
import { algiersInstant, nextAlgiersHour } from '../workspace-format';
import { useTranslation } from 'react-i18next';

interface CallbackDialogProps {
  order?: Order;
  onClose: () => void;
  /** The callback's instant (ISO), from a date and a time on an Algerian clock. */
  onPick: (order: Order, callbackAt: string) => void;
}

/** Reporté asks when to call back: a date and a time, in Algerian time. Give it `key={orderId}`. */
export function CallbackDialog({ order, onClose, onPick }: CallbackDialogProps) {
  const { t } = useTranslation();
  const [start] = useState(nextAlgiersHour);
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!order) return;
    if (!date || !time) return setError(t('callback.pick'));
    const callbackAt = algiersInstant(date, time);
    if (Date.parse(callbackAt) <= Date.now()) return setError(t('callback.future'));
    onPick(order, callbackAt);
  }

  return (
    <Modal open={order !== undefined} title={t('callback.title')} onClose={onClose}>
      {order && (
        <p className="text-sm text-slate-600">
          {t('callback.order', { ref: order.ref, name: order.customer.full_name })}
        </p>
      )}
      <form noValidate aria-label={t('callback.form')} onSubmit={submit} className="mt-4 flex flex-col gap-4">
        <TextField
          label={t('callback.date')}
          type="date"
          value={date}
          min={start.date}
          onChange={(event) => setDate(event.target.value)}
        />
        <TextField
          label={t('callback.time')}
          type="time"
          value={time}
          error={error}
          onChange={(event) => setTime(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={onClose}
            className="min-h-11 rounded-md px-4 text-slate-700 hover:bg-slate-100"
          >
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="min-h-11 rounded-md bg-amber-600 px-4 font-medium text-white hover:bg-amber-700"
          >
            {t('outcome.reporté')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
