import type { CarrierApi } from '@tawsil/contracts/delivery-zr';
import { i18n } from '../../i18n/i18n';
import type { FieldErrors } from '../../lib/validation';

export const COMPANIES = ['zrexpress'] as const;

/** The APIs an owner can choose for each company, the first being the default. */
export const COMPANY_APIS: Record<string, readonly CarrierApi[]> = {
  zrexpress: ['procolis', 'zr-current'],
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
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The server's CreateDeliveryAccountDto rules: the fields the chosen API needs are required. */
export function validateAccount(values: AccountValues): FieldErrors<keyof AccountValues> {
  const errors: FieldErrors<keyof AccountValues> = {};
  if (!values.company) errors.company = 'company is required';
  if (!values.storeName.trim()) errors.storeName = 'store name is required';
  if (!values.apiKey.trim()) errors.apiKey = 'api key is required';
  if (needsSecret(values.api) && !values.apiSecret.trim()) errors.apiSecret = 'api secret is required';
  if (needsTenant(values.api) && !values.tenantId.trim())
    errors.tenantId = i18n.t('validation.tenant_id_required');
  else if (needsTenant(values.api) && !UUID.test(values.tenantId.trim()))
    errors.tenantId = i18n.t('validation.tenant_id_invalid');
  return errors;
}
