import type { FieldErrors } from '../../lib/validation';

export const COMPANIES = ['zrexpress', 'yalidine'] as const;

export interface AccountValues {
  company: string;
  storeName: string;
  apiKey: string;
  apiSecret: string;
  /** Yalidine: the wilaya the parcels leave from, as its number. */
  fromWilaya: string;
}

/**
 * The spec's rule, and the server's CreateDeliveryAccountDto: company, store name, key and secret
 * are required; a Yalidine account also needs the wilaya its parcels leave from.
 */
export function validateAccount(values: AccountValues): FieldErrors<keyof AccountValues> {
  const errors: FieldErrors<keyof AccountValues> = {};
  if (!values.company) errors.company = 'company is required';
  if (!values.storeName.trim()) errors.storeName = 'store name is required';
  if (!values.apiKey.trim())
    errors.apiKey = values.company === 'yalidine' ? 'API ID is required' : 'api key is required';
  if (!values.apiSecret.trim())
    errors.apiSecret = values.company === 'yalidine' ? 'API token is required' : 'api secret is required';
  if (values.company === 'yalidine' && !values.fromWilaya)
    errors.fromWilaya = 'choose the wilaya your parcels leave from';
  return errors;
}
