import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { useValidatedSubmit } from '../../../lib/use-validated-submit';
import { WILAYA_OPTIONS, wilayaLabel } from '../../orders/wilayas';
import { addDeliveryAccount } from '../api';
import { addAccountFailure } from '../failure';
import { COMPANIES, validateAccount, type AccountValues } from '../validation';

const EMPTY: AccountValues = {
  company: 'zrexpress',
  storeName: '',
  apiKey: '',
  apiSecret: '',
  fromWilaya: '',
};

const COMPANY_NAMES: Record<string, string> = { zrexpress: 'ZR Express', yalidine: 'Yalidine' };

/** Adds a carrier account; the server checks the credentials with the carrier before keeping them. */
export function AddAccountForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<AccountValues>(EMPTY);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const { errors, sending, submit } = useValidatedSubmit(validateAccount, async (input: AccountValues) => {
    setOutcome(undefined);
    try {
      const yalidine = input.company === 'yalidine';
      const added = await addDeliveryAccount({
        company: yalidine ? 'yalidine' : 'zrexpress',
        storeName: input.storeName.trim(),
        apiKey: input.apiKey.trim(),
        apiSecret: input.apiSecret.trim(),
        ...(yalidine ? { fromWilaya: Number(input.fromWilaya) } : {}),
      });
      setOutcome({ ok: true, text: added.message });
      setValues(EMPTY);
      onAdded();
    } catch (error) {
      setOutcome({ ok: false, text: addAccountFailure(error) });
    }
  });
  const yalidine = values.company === 'yalidine';
  const set = (field: keyof AccountValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form
      noValidate
      aria-label={t('carriers.add_form')}
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
        label={t('delivery.company')}
        name="company"
        value={values.company}
        error={errors.company}
        onChange={set('company')}
        options={COMPANIES.map((company) => ({ value: company, label: COMPANY_NAMES[company] ?? company }))}
      />
      <TextField
        label={t('stores.name')}
        name="storeName"
        value={values.storeName}
        error={errors.storeName}
        onChange={set('storeName')}
      />
      <TextField
        label={yalidine ? t('delivery.account.api_id') : t('carriers.api_key')}
        name="apiKey"
        autoComplete="off"
        value={values.apiKey}
        error={errors.apiKey}
        onChange={set('apiKey')}
      />
      <TextField
        label={yalidine ? t('delivery.account.api_token') : t('carriers.api_secret')}
        name="apiSecret"
        type="password"
        autoComplete="off"
        value={values.apiSecret}
        error={errors.apiSecret}
        onChange={set('apiSecret')}
      />
      {yalidine && (
        <SelectField
          label={t('delivery.account.from_wilaya')}
          name="fromWilaya"
          value={values.fromWilaya}
          error={errors.fromWilaya}
          onChange={set('fromWilaya')}
          options={[
            { value: '', label: t('delivery.account.choose_wilaya') },
            ...WILAYA_OPTIONS.map((option) => ({ value: String(option.code), label: wilayaLabel(option) })),
          ]}
        />
      )}
      <p className="text-sm text-slate-600">
        {yalidine ? t('delivery.account.yalidine_help') : t('carriers.zr_help')}
      </p>
      <Button type="submit" disabled={sending} className="self-start">
        {sending
          ? t('carriers.checking', { carrier: COMPANY_NAMES[values.company] ?? t('carriers.the_carrier') })
          : t('carriers.add')}
      </Button>
    </form>
  );
}
