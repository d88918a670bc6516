import { i18n } from '../i18n/i18n';
// The same rules the server applies (libs/contracts/src/identity/auth.dto.ts), checked before sending.
export const PASSWORD_MIN_LENGTH = 10;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function validateLogin(values: {
  email: string;
  password: string;
}): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  if (!values.email.trim()) errors.email = i18n.t('validation.email_required');
  else if (!EMAIL.test(values.email.trim())) errors.email = i18n.t('validation.email_invalid');
  if (!values.password) errors.password = i18n.t('validation.password_required');
  return errors;
}

export function validateRegistration(values: {
  name: string;
  email: string;
  password: string;
}): FieldErrors<'name' | 'email' | 'password'> {
  const errors: FieldErrors<'name' | 'email' | 'password'> = { ...validateLogin(values) };
  if (!values.name.trim()) errors.name = i18n.t('validation.name_required');
  if (values.password && values.password.length < PASSWORD_MIN_LENGTH) {
    errors.password = i18n.t('validation.password_length', { min: PASSWORD_MIN_LENGTH });
  }
  return errors;
}

export function validateEmail(values: { email: string }): FieldErrors<'email'> {
  const { email } = validateLogin({ email: values.email, password: 'not checked here' });
  return email ? { email } : {};
}

/** A new password: the server's minimum length, typed the same twice. */
export function validateNewPassword(values: {
  password: string;
  confirmation: string;
}): FieldErrors<'password' | 'confirmation'> {
  const errors: FieldErrors<'password' | 'confirmation'> = {};
  if (!values.password) errors.password = i18n.t('validation.password_required');
  else if (values.password.length < PASSWORD_MIN_LENGTH)
    errors.password = i18n.t('validation.password_length', { min: PASSWORD_MIN_LENGTH });
  if (values.confirmation !== values.password) errors.confirmation = i18n.t('validation.passwords_differ');
  return errors;
}

export function validatePasswordChange(values: {
  currentPassword: string;
  password: string;
  confirmation: string;
}): FieldErrors<'currentPassword' | 'password' | 'confirmation'> {
  return {
    ...(values.currentPassword ? {} : { currentPassword: i18n.t('validation.current_password_required') }),
    ...validateNewPassword(values),
  };
}
