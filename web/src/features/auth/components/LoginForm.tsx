import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { TextField } from '../../../components/ui/TextField';
import { useValidatedSubmit } from '../../../lib/use-validated-submit';
import { validateLogin } from '../../../lib/validation';
import { useTranslation } from 'react-i18next';

interface LoginFormProps {
  onSubmit(values: { email: string; password: string }): Promise<void>;
  /** The server's refusal, or "Login failed". */
  error?: string;
}

export function LoginForm({ onSubmit, error }: LoginFormProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, sending, submit } = useValidatedSubmit(
    validateLogin,
    (values: { email: string; password: string }) =>
      onSubmit({ email: values.email.trim(), password: values.password }),
  );

  return (
    <form
      noValidate
      onSubmit={(event) => submit(event, { email, password })}
      className="flex flex-col gap-4"
      aria-label={t('auth.sign_in')}
    >
      {error && <ErrorBox message={error} />}
      <TextField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <TextField
        label={t('auth.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <Button type="submit" disabled={sending}>
        {t('auth.sign_in')}
      </Button>
      <p className="text-center text-sm">
        <Link to="/forgot-password" className="inline-block py-2 font-medium text-emerald-700 underline">
          {t('auth.forgot')}
        </Link>
      </p>
      <p className="text-center text-sm text-slate-600">
        {t('auth.no_account')}{' '}
        <Link to="/register" className="font-medium text-emerald-700 underline">
          {t('nav.register')}
        </Link>
      </p>
    </form>
  );
}
