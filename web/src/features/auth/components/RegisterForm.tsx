import { Checkbox, Field, Label } from '@headlessui/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { TextField } from '../../../components/ui/TextField';
import { useValidatedSubmit } from '../../../lib/use-validated-submit';
import { validateRegistration } from '../../../lib/validation';
import { useTranslation } from 'react-i18next';

export interface RegisterValues {
  name: string;
  email: string;
  password: string;
  isConfirmateur: boolean;
}

interface RegisterFormProps {
  onSubmit(values: RegisterValues): Promise<void>;
  /** The server's refusal, or "Registration failed". */
  error?: string;
}

export function RegisterForm({ onSubmit, error }: RegisterFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isConfirmateur, setIsConfirmateur] = useState(false);
  const { errors, sending, submit } = useValidatedSubmit(validateRegistration, (values: RegisterValues) =>
    onSubmit({ ...values, name: values.name.trim(), email: values.email.trim() }),
  );

  return (
    <form
      noValidate
      onSubmit={(event) => submit(event, { name, email, password, isConfirmateur })}
      className="flex flex-col gap-4"
      aria-label={t('nav.register')}
    >
      {error && <ErrorBox message={error} />}
      <TextField
        label={t('auth.full_name')}
        name="name"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
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
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <Field className="flex items-center gap-3">
        <Checkbox
          checked={isConfirmateur}
          onChange={setIsConfirmateur}
          className="group flex size-5 items-center justify-center rounded border border-slate-400 bg-white focus:outline-none data-[checked]:border-emerald-700 data-[checked]:bg-emerald-700 data-[focus]:ring-2 data-[focus]:ring-emerald-600"
        >
          <svg
            className="hidden size-4 fill-white group-data-[checked]:block"
            viewBox="0 0 20 20"
            aria-hidden="true"
          >
            <path d="M7.6 13.2 4.4 10l-1.1 1.1 4.3 4.3 9.2-9.2-1.1-1.1z" />
          </svg>
        </Checkbox>
        <Label className="text-sm text-slate-700">{t('auth.as_confirmateur')}</Label>
      </Field>
      <Button type="submit" disabled={sending}>
        {t('nav.register')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('auth.already_registered')}{' '}
        <Link to="/login" className="font-medium text-emerald-700 underline">
          {t('nav.login')}
        </Link>
      </p>
    </form>
  );
}
