import type { CarrierApi } from '@tawsil/contracts/delivery-zr';
import { i18n } from '../../i18n/i18n';
import type { FieldErrors } from '../../lib/validation';

export const COMPANIES = ['zrexpress', 'yalidine'] as const;

/** Each company as its customers write it. */
export const COMPANY_NAMES: Record<string, string> = { zrexpress: 'ZR Express', yalidine: 'Yalidine' };

/** The APIs an owner can choose for each company, the first being the default. */
export const COMPANY_APIS: Record<string, readonly CarrierApi[]> = {
  zrexpress: ['procolis', 'zr-current'],
  yalidine: ['yalidine'],
};

/** Beside the API key, each API needs the secret or the tenant id. */
export const needsSecret = (api: CarrierApi) => api !== 'zr-current';
export const needsTenant = (api: CarrierApi) => api === 'zr-current';

export interface AccountValues {
  company: string;
  api: CarrierApi;
  storeName: string;
  apiKey: string;
  apiSecret: string;
  tenantId: string;
  /** Yalidine: the wilaya the parcels leave from, as its number. */
  fromWilaya: string;
  /** Yalidine, optional: the secret its dashboard shows for the account's webhook. */
  webhookSecret: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The server's CreateDeliveryAccountDto rules: company, store name and key, then the fields the
 * chosen API needs (a secret, or a tenant id), and for Yalidine the wilaya its parcels leave from.
 */
export function validateAccount(values: AccountValues): FieldErrors<keyof AccountValues> {
  const errors: FieldErrors<keyof AccountValues> = {};
  const yalidine = values.company === 'yalidine';
  if (!values.company) errors.company = i18n.t('validation.company_required');
  if (!values.storeName.trim()) errors.storeName = i18n.t('validation.store_name_required');
  if (!values.apiKey.trim())
    errors.apiKey = yalidine ? i18n.t('validation.api_id_required') : i18n.t('validation.api_key_required');
  if (needsSecret(values.api) && !values.apiSecret.trim())
    errors.apiSecret = yalidine
      ? i18n.t('validation.api_token_required')
      : i18n.t('validation.api_secret_required');
  if (needsTenant(values.api) && !values.tenantId.trim())
    errors.tenantId = i18n.t('validation.tenant_id_required');
  else if (needsTenant(values.api) && !UUID.test(values.tenantId.trim()))
    errors.tenantId = i18n.t('validation.tenant_id_invalid');
  if (yalidine && !values.fromWilaya) errors.fromWilaya = i18n.t('validation.from_wilaya_required');
  return errors;
}
