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

type NumberField = 'maxAttempts' | 'retryDelayMinutes' | 'claimMinutes' | 'agentCap';

const NUMBERS: { field: NumberField; label: string; min: number; max: number }[] = [
  { field: 'maxAttempts', label: 'Maximum attempts', min: 1, max: 50 },
  { field: 'retryDelayMinutes', label: 'Retry delay (minutes)', min: 0, max: 10_080 },
  { field: 'claimMinutes', label: 'Claim (minutes)', min: 1, max: 240 },
  { field: 'agentCap', label: 'Orders per agent (cap)', min: 1, max: 10_000 },
];

const ASSIGNMENT_LABELS: Record<AssignmentMode, string> = {
  shared: 'Shared queue',
  'round-robin': 'Round-robin',
  'least-loaded': 'Least loaded agent',
};

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
  const { data: settings, error, mutate } = useStoreSettings(storeId);
  const [values, setValues] = useState<Values>();
  const [errors, setErrors] = useState<Partial<Record<NumberField, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (settings) setValues(valuesOf(settings));
  }, [settings]);

  if (error) return <ErrorBox message={orderFailure(error, 'The settings could not be loaded.')} />;
  if (!values) return <p className="text-slate-500">Loading the settings…</p>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!values) return;
    const found: Partial<Record<NumberField, string>> = {};
    for (const { field, label, min, max } of NUMBERS) {
      const number = Number(values[field]);
      if (!Number.isInteger(number) || number < min || number > max)
        found[field] = `${label} must be a whole number from ${min} to ${max}`;
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
      onSaved('Settings saved');
    } catch (failed) {
      setFailure(orderFailure(failed, 'Could not save the settings.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate aria-label="Queue settings" onSubmit={submit} className="flex flex-col gap-4">
      {failure && <ErrorBox message={failure} />}
      <div className="grid gap-4 sm:grid-cols-2">
        {NUMBERS.map(({ field, label, min, max }) => (
          <TextField
            key={field}
            label={label}
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
          label="Assignment"
          value={values.assignment}
          options={ASSIGNMENT_MODES.map((mode) => ({ value: mode, label: ASSIGNMENT_LABELS[mode] }))}
          onChange={(event) => setValues({ ...values, assignment: event.target.value as AssignmentMode })}
        />
      </div>
      <div>
        <button
          type="submit"
          disabled={saving}
          className="min-h-11 rounded-md bg-emerald-700 px-4 font-medium text-white hover:bg-emerald-800 disabled:opacity-60"
        >
          Save settings
        </button>
      </div>
    </form>
  );
}
