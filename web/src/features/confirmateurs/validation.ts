import { i18n } from '../../i18n/i18n';
import type { FieldErrors } from '../../lib/validation';

// The rule of lib/validation.ts and of the server's AddConfirmateurDto (IsEmail).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ConfirmateurValues {
  storeId: string;
  email: string;
}

export function validateConfirmateur(values: ConfirmateurValues): FieldErrors<'storeId' | 'email'> {
  const errors: FieldErrors<'storeId' | 'email'> = {};
  if (!values.storeId) errors.storeId = i18n.t('validation.store_required');
  if (!values.email.trim()) errors.email = i18n.t('validation.email_required');
  else if (!EMAIL.test(values.email.trim())) errors.email = i18n.t('validation.email_invalid');
  return errors;
}
