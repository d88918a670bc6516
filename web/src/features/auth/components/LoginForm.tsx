import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { TextField } from '../../../components/ui/TextField';
import { validateLogin, type FieldErrors } from '../../../lib/validation';

interface LoginFormProps {
  onSubmit(values: { email: string; password: string }): Promise<void>;
  /** The server's refusal, or "Login failed". */
  error?: string;
}

export function LoginForm({ onSubmit, error }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateLogin({ email, password });
    setErrors(found);
    if (Object.keys(found).length) return;
    setSending(true);
    try {
      await onSubmit({ email: email.trim(), password });
    } finally {
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Sign in">
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
      <p className="text-center text-sm text-slate-600">
        No account yet?{' '}
        <Link to="/register" className="font-medium text-emerald-700 underline">
          Register
        </Link>
      </p>
    </form>
  );
}
