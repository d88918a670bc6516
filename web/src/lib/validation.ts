// The same rules the server applies (libs/contracts/src/identity/auth.dto.ts), checked before sending.
export const PASSWORD_MIN_LENGTH = 10;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function validateLogin(values: {
  email: string;
  password: string;
}): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  if (!values.email.trim()) errors.email = 'email is required';
  else if (!EMAIL.test(values.email.trim())) errors.email = 'email must be a valid email address';
  if (!values.password) errors.password = 'password is required';
  return errors;
}

export function validateRegistration(values: {
  name: string;
  email: string;
  password: string;
}): FieldErrors<'name' | 'email' | 'password'> {
  const errors: FieldErrors<'name' | 'email' | 'password'> = { ...validateLogin(values) };
  if (!values.name.trim()) errors.name = 'name is required';
  if (values.password && values.password.length < PASSWORD_MIN_LENGTH) {
    errors.password = `password must be at least ${PASSWORD_MIN_LENGTH} characters`;
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
  if (!values.password) errors.password = 'password is required';
  else if (values.password.length < PASSWORD_MIN_LENGTH)
    errors.password = `password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (values.confirmation !== values.password) errors.confirmation = 'the two passwords differ';
  return errors;
}

export function validatePasswordChange(values: {
  currentPassword: string;
  password: string;
  confirmation: string;
}): FieldErrors<'currentPassword' | 'password' | 'confirmation'> {
  return {
    ...(values.currentPassword ? {} : { currentPassword: 'current password is required' }),
    ...validateNewPassword(values),
  };
}
