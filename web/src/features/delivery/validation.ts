import type { FieldErrors } from '../../lib/validation';

export const COMPANIES = ['zrexpress'] as const;

export interface AccountValues {
  company: string;
  storeName: string;
  apiKey: string;
  apiSecret: string;
}

/** The spec's rule, and the server's CreateDeliveryAccountDto: all four are required. */
export function validateAccount(values: AccountValues): FieldErrors<keyof AccountValues> {
  const errors: FieldErrors<keyof AccountValues> = {};
  if (!values.company) errors.company = 'company is required';
  if (!values.storeName.trim()) errors.storeName = 'store name is required';
  if (!values.apiKey.trim()) errors.apiKey = 'api key is required';
  if (!values.apiSecret.trim()) errors.apiSecret = 'api secret is required';
  return errors;
}
