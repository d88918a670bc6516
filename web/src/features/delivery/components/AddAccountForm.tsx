import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { useValidatedSubmit } from '../../../lib/use-validated-submit';
import { addDeliveryAccount } from '../api';
import { addAccountFailure } from '../failure';
import { COMPANIES, validateAccount, type AccountValues } from '../validation';

const EMPTY: AccountValues = { company: 'zrexpress', storeName: '', apiKey: '', apiSecret: '' };

/** Adds a ZR Express account; the server checks the key and secret with ZR before keeping them. */
export function AddAccountForm({ onAdded }: { onAdded: () => void }) {
  const [values, setValues] = useState<AccountValues>(EMPTY);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const { errors, sending, submit } = useValidatedSubmit(validateAccount, async (input: AccountValues) => {
    setOutcome(undefined);
    try {
      const added = await addDeliveryAccount({
        company: 'zrexpress',
        storeName: input.storeName.trim(),
        apiKey: input.apiKey.trim(),
        apiSecret: input.apiSecret.trim(),
      });
      setOutcome({ ok: true, text: added.message });
      setValues(EMPTY);
      onAdded();
    } catch (error) {
      setOutcome({ ok: false, text: addAccountFailure(error) });
    }
  });
  const set = (field: keyof AccountValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form
      noValidate
      aria-label="Add a delivery account"
      onSubmit={(event) => submit(event, values)}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      {outcome && !outcome.ok && <ErrorBox message={outcome.text} />}
      {outcome?.ok && (
        <p role="status" className="rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          {outcome.text}
        </p>
      )}
      <SelectField
        label="Delivery company"
        name="company"
        value={values.company}
        error={errors.company}
        onChange={set('company')}
        options={COMPANIES.map((company) => ({ value: company, label: company }))}
      />
      <TextField
        label="Store name"
        name="storeName"
        value={values.storeName}
        error={errors.storeName}
        onChange={set('storeName')}
      />
      <TextField
        label="API key"
        name="apiKey"
        autoComplete="off"
        value={values.apiKey}
        error={errors.apiKey}
        onChange={set('apiKey')}
      />
      <TextField
        label="API secret"
        name="apiSecret"
        type="password"
        autoComplete="off"
        value={values.apiSecret}
        error={errors.apiSecret}
        onChange={set('apiSecret')}
      />
      <p className="text-sm text-slate-600">
        From your ZR Express space, under Développement: the key (« Clé ») and the token.
      </p>
      <Button type="submit" disabled={sending} className="self-start">
        {sending ? 'Checking with ZR Express…' : 'Add Account'}
      </Button>
    </form>
  );
}
