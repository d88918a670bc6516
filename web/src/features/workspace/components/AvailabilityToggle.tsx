import { Field, Label, Switch } from '@headlessui/react';
import { useState } from 'react';
import { orderFailure } from '../../orders/failure';
import { saveAvailability, useAvailability } from '../api';
import { useTranslation } from 'react-i18next';

/**
 * An agent's "I take new orders" switch, for the assigned modes. Going unavailable hands back the
 * assigned orders not yet called.
 */
export function AvailabilityToggle() {
  const { t } = useTranslation();
  const { data, mutate } = useAvailability();
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  if (!data) return null;

  async function change(available: boolean) {
    setSaving(true);
    setFailure(undefined);
    try {
      await mutate(await saveAvailability(available), { revalidate: false });
    } catch (error) {
      setFailure(orderFailure(error, t('availability.failed')));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Field className="flex min-h-11 flex-wrap items-center gap-3">
      <Switch
        checked={data.available}
        disabled={saving}
        onChange={(available) => void change(available)}
        className="group relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-slate-300 transition data-[checked]:bg-emerald-600"
      >
        <span className="inline-block size-5 translate-x-1 rounded-full bg-white transition group-data-[checked]:translate-x-6 rtl:-translate-x-1 rtl:group-data-[checked]:-translate-x-6" />
      </Switch>
      <Label className="text-sm font-medium text-slate-800">
        {data.available ? t('availability.on') : t('availability.off')}
      </Label>
      {failure && (
        <p role="alert" className="w-full text-sm text-red-600">
          {failure}
        </p>
      )}
    </Field>
  );
}
