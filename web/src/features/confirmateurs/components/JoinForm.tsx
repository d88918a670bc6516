import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { TextField } from '../../../components/ui/TextField';
import { useValidatedSubmit } from '../../../lib/use-validated-submit';
import { validateRegistration } from '../../../lib/validation';
import { useTranslation } from 'react-i18next';

export interface JoinValues {
  name: string;
  password: string;
}

interface JoinFormProps {
  /** The invited address: the account is made with it, it cannot be changed here. */
  email: string;
  onSubmit(values: JoinValues): Promise<void>;
  error?: string;
}

/** A new confirmateur account from an invitation: a name and a password, the address given. */
export function JoinForm({ email, onSubmit, error }: JoinFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { errors, sending, submit } = useValidatedSubmit(
    validateRegistration,
    (values: { name: string; email: string; password: string }) =>
      onSubmit({ name: values.name.trim(), password: values.password }),
  );

  return (
    <form
      noValidate
      aria-label={t('join.form')}
      onSubmit={(event) => submit(event, { name, email, password })}
      className="flex flex-col gap-4"
    >
      {error && <ErrorBox message={error} />}
      <TextField
        label={t('auth.full_name')}
        name="name"
        autoComplete="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      <TextField label={t('auth.email')} type="email" name="email" value={email} readOnly />
      <TextField
        label={t('auth.password')}
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <Button type="submit" disabled={sending} className="min-h-11">
        {t('join.submit')}
      </Button>
    </form>
  );
}
