import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { TextField } from '../../../components/ui/TextField';
import { useValidatedSubmit } from '../../../lib/use-validated-submit';
import { validateLogin } from '../../../lib/validation';

interface LoginFormProps {
  onSubmit(values: { email: string; password: string }): Promise<void>;
  /** The server's refusal, or "Login failed". */
  error?: string;
}

export function LoginForm({ onSubmit, error }: LoginFormProps) {
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
      aria-label="Sign in"
    >
      {error && <ErrorBox message={error} />}
      <TextField
        label="Email address"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <Button type="submit" disabled={sending}>
        Sign in
      </Button>
      <p className="text-center text-sm">
        <Link to="/forgot-password" className="inline-block py-2 font-medium text-emerald-700 underline">
          Forgot your password?
        </Link>
      </p>
      <p className="text-center text-sm text-slate-600">
        No account yet?{' '}
        <Link to="/register" className="font-medium text-emerald-700 underline">
          Register
        </Link>
      </p>
    </form>
  );
}
