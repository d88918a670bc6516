import type { FieldErrors } from '../../lib/validation';

// The rule of lib/validation.ts and of the server's AddConfirmateurDto (IsEmail).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ConfirmateurValues {
  storeId: string;
  email: string;
}

export function validateConfirmateur(values: ConfirmateurValues): FieldErrors<'storeId' | 'email'> {
  const errors: FieldErrors<'storeId' | 'email'> = {};
  if (!values.storeId) errors.storeId = 'store is required';
  if (!values.email.trim()) errors.email = 'email is required';
  else if (!EMAIL.test(values.email.trim())) errors.email = 'email must be a valid email address';
  return errors;
}
