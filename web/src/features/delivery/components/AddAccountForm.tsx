import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarrierApi, DeliveryCompany } from '@tawsil/contracts/delivery-zr';
import { Button } from '../../../components/ui/Button';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { useValidatedSubmit } from '../../../lib/use-validated-submit';
import { WILAYA_OPTIONS, wilayaLabel } from '../../orders/wilayas';
import { addDeliveryAccount } from '../api';
import { addAccountFailure } from '../failure';
import {
  COMPANIES,
  COMPANY_APIS,
  COMPANY_NAMES,
  needsSecret,
  needsTenant,
  validateAccount,
  type AccountValues,
} from '../validation';

const EMPTY: AccountValues = {
  company: 'zrexpress',
  api: COMPANY_APIS.zrexpress[0],
  storeName: '',
  apiKey: '',
  apiSecret: '',
  tenantId: '',
  fromWilaya: '',
  webhookSecret: '',
};

/**
 * Adds a carrier account with the API its credentials belong to; the server checks them with the
 * carrier before keeping them. The fields shown are those the chosen company and API need.
 */
export function AddAccountForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<AccountValues>(EMPTY);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const { errors, sending, submit } = useValidatedSubmit(validateAccount, async (input: AccountValues) => {
    setOutcome(undefined);
    try {
      const yalidine = input.company === 'yalidine';
      const added = await addDeliveryAccount({
        company: input.company as DeliveryCompany,
        ...(yalidine ? {} : { api: input.api }),
        storeName: input.storeName.trim(),
        apiKey: input.apiKey.trim(),
        ...(needsSecret(input.api) ? { apiSecret: input.apiSecret.trim() } : {}),
        ...(needsTenant(input.api) ? { tenantId: input.tenantId.trim() } : {}),
        ...(yalidine ? { fromWilaya: Number(input.fromWilaya) } : {}),
        ...(yalidine && input.webhookSecret.trim() ? { webhookSecret: input.webhookSecret.trim() } : {}),
      });
      setOutcome({
        ok: true,
        text: t('carriers.account_added', {
          carrier: COMPANY_NAMES[input.company] ?? input.company,
          name: added.account.storeName,
        }),
      });
      setValues({ ...EMPTY, company: input.company, api: input.api });
      onAdded();
    } catch (error) {
      setOutcome({ ok: false, text: addAccountFailure(error) });
    }
  });
  const yalidine = values.company === 'yalidine';
  const apis = COMPANY_APIS[values.company] ?? [];
  const set = (field: keyof AccountValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const setCompany = (event: { target: { value: string } }) =>
    setValues((current) => ({
      ...current,
      company: event.target.value,
      api: COMPANY_APIS[event.target.value]?.[0] ?? current.api,
    }));

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
        onChange={setCompany}
        options={COMPANIES.map((company) => ({ value: company, label: COMPANY_NAMES[company] ?? company }))}
      />
      {apis.length > 1 && (
        <SelectField
          label={t('delivery.api.field')}
          name="api"
          value={values.api}
          onChange={(event) =>
            setValues((current) => ({ ...current, api: event.target.value as CarrierApi }))
          }
          options={apis.map((api) => ({ value: api, label: t(`delivery.api.${api}.label`) }))}
        />
      )}
      <p className="text-sm text-slate-600" data-testid="api-help">
        {yalidine
          ? t('delivery.account.yalidine_help')
          : values.api === 'procolis'
            ? t('carriers.zr_help')
            : t(`delivery.api.${values.api}.help`)}
      </p>
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
      {needsSecret(values.api) && (
        <TextField
          label={yalidine ? t('delivery.account.api_token') : t('carriers.api_secret')}
          name="apiSecret"
          type="password"
          autoComplete="off"
          value={values.apiSecret}
          error={errors.apiSecret}
          onChange={set('apiSecret')}
        />
      )}
      {needsTenant(values.api) && (
        <TextField
          label={t('delivery.tenant_id')}
          name="tenantId"
          autoComplete="off"
          value={values.tenantId}
          error={errors.tenantId}
          onChange={set('tenantId')}
        />
      )}
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
      {yalidine && (
        <div className="flex flex-col gap-1">
          <TextField
            label={t('delivery.account.webhook_secret')}
            name="webhookSecret"
            type="password"
            autoComplete="off"
            value={values.webhookSecret}
            onChange={set('webhookSecret')}
          />
          <p className="text-sm text-slate-600" data-testid="webhook-help">
            {t('delivery.account.webhook_secret_help')}
          </p>
        </div>
      )}
      <Button type="submit" disabled={sending} className="self-start">
        {sending
          ? t('carriers.checking', { carrier: COMPANY_NAMES[values.company] ?? t('carriers.the_carrier') })
          : t('carriers.add')}
      </Button>
    </form>
  );
}
