import { useEffect, useState, type FormEvent } from 'react';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { orderFailure } from '../../orders/failure';
import {
  ASSIGNMENT_MODES,
  saveStoreSettings,
  useStoreSettings,
  type AssignmentMode,
  type StoreSettings,
} from '../api';
import { useTranslation } from 'react-i18next';

type NumberField = 'maxAttempts' | 'retryDelayMinutes' | 'claimMinutes' | 'agentCap';

const NUMBERS: { field: NumberField; min: number; max: number }[] = [
  { field: 'maxAttempts', min: 1, max: 50 },
  { field: 'retryDelayMinutes', min: 0, max: 10_080 },
  { field: 'claimMinutes', min: 1, max: 240 },
  { field: 'agentCap', min: 1, max: 10_000 },
];

type Values = Record<NumberField, string> & { assignment: AssignmentMode };
const valuesOf = (settings: StoreSettings): Values => ({
  maxAttempts: String(settings.maxAttempts),
  retryDelayMinutes: String(settings.retryDelayMinutes),
  claimMinutes: String(settings.claimMinutes),
  agentCap: String(settings.agentCap),
  assignment: settings.assignment,
});

/** One store's queue rules: attempts before cancelling, retry delay, claim length, assignment, cap. */
export function StoreSettingsForm({
  storeId,
  onSaved,
}: {
  storeId: string;
  onSaved: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { data: settings, error, mutate } = useStoreSettings(storeId);
  const [values, setValues] = useState<Values>();
  const [errors, setErrors] = useState<Partial<Record<NumberField, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (settings) setValues(valuesOf(settings));
  }, [settings]);

  if (error) return <ErrorBox message={orderFailure(error, t('workspace.load_failed'))} />;
  if (!values) return <p className="text-slate-500">{t('workspace.loading')}</p>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!values) return;
    const found: Partial<Record<NumberField, string>> = {};
    for (const { field, min, max } of NUMBERS) {
      const number = Number(values[field]);
      if (!Number.isInteger(number) || number < min || number > max)
        found[field] = t('workspace.whole_number', { label: t(`workspace.fields.${field}`), min, max });
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    setFailure(undefined);
    try {
      const saved = await saveStoreSettings(storeId, {
        maxAttempts: Number(values.maxAttempts),
        retryDelayMinutes: Number(values.retryDelayMinutes),
        claimMinutes: Number(values.claimMinutes),
        agentCap: Number(values.agentCap),
        assignment: values.assignment,
      });
      await mutate(saved, { revalidate: false });
      onSaved(t('workspace.saved'));
    } catch (failed) {
      setFailure(orderFailure(failed, t('workspace.save_failed')));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate aria-label={t('workspace.form')} onSubmit={submit} className="flex flex-col gap-4">
      {failure && <ErrorBox message={failure} />}
      <div className="grid gap-4 sm:grid-cols-2">
        {NUMBERS.map(({ field, min, max }) => (
          <TextField
            key={field}
            label={t(`workspace.fields.${field}`)}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            value={values[field]}
            error={errors[field]}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
          />
        ))}
        <SelectField
          label={t('workspace.assignment')}
          value={values.assignment}
          options={ASSIGNMENT_MODES.map((mode) => ({ value: mode, label: t(`workspace.modes.${mode}`) }))}
          onChange={(event) => setValues({ ...values, assignment: event.target.value as AssignmentMode })}
        />
      </div>
      <div>
        <button
          type="submit"
          disabled={saving}
          className="min-h-11 rounded-md bg-emerald-700 px-4 font-medium text-white hover:bg-emerald-800 disabled:opacity-60"
        >
          {t('workspace.save')}
        </button>
      </div>
    </form>
  );
}
