import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { login } from '../features/auth/api';
import { LoginForm } from '../features/auth/components/LoginForm';
import { ApiError } from '../lib/api-client';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

export default function LoginPage() {
  useDocumentTitle('Login');
  const { signIn } = useSession();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const [error, setError] = useState<string>();

  async function submit(values: { email: string; password: string }) {
    setError(undefined);
    try {
      signIn(await login(values));
      navigate(from ?? '/dashboard', { replace: true });
    } catch (failure) {
      setError((failure instanceof ApiError && failure.serverMessage) || 'Login failed');
    }
  }

  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-6 text-center text-2xl font-bold">Welcome back</h1>
      <LoginForm onSubmit={submit} error={error} />
    </div>
  );
}
