import type { CarrierApi } from '@tawsil/contracts/delivery-zr';
import type { FieldErrors } from '../../lib/validation';

export const COMPANIES = ['zrexpress'] as const;

/** The APIs an owner can choose for each company, the first being the default. */
export const COMPANY_APIS: Record<string, readonly CarrierApi[]> = {
  zrexpress: ['procolis', 'zr-current'],
};

/** How each API is named in the form and the account list, and where its credentials come from. */
export const API_TEXTS: Record<CarrierApi, { label: string; short: string; help: string }> = {
  procolis: {
    short: 'Procolis',
    label: 'ZR Express — Procolis (API key + token)',
    help: 'From your ZR Express space on procolis.com, under Développement: the key (« Clé ») as API key, and the token as API secret.',
  },
  'zr-current': {
    short: 'current API',
    label: 'ZR Express — current API (API key + tenant id)',
    help: 'Accounts opened since 2026, on zrexpress.app: the API key, and the tenant id (a UUID, sent as X-Tenant).',
  },
  yalidine: {
    short: 'Yalidine API',
    label: 'Yalidine (API id + API token)',
    help: 'From your Yalidine space, under Développement: the API id as API key, and the API token as API secret.',
  },
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
  if (needsTenant(values.api) && !values.tenantId.trim()) errors.tenantId = 'tenant id is required';
  else if (needsTenant(values.api) && !UUID.test(values.tenantId.trim()))
    errors.tenantId = 'tenant id must be a UUID, as your ZR Express account shows it';
  return errors;
}
