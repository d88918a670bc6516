import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { register } from '../features/auth/api';
import { RegisterForm, type RegisterValues } from '../features/auth/components/RegisterForm';
import { ApiError } from '../lib/api-client';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

export default function RegisterPage() {
  useDocumentTitle('Register');
  const { signIn } = useSession();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const [error, setError] = useState<string>();

  async function submit(values: RegisterValues) {
    setError(undefined);
    try {
      signIn(await register(values));
      navigate(from ?? '/dashboard', { replace: true });
    } catch (failure) {
      setError((failure instanceof ApiError && failure.serverMessage) || 'Registration failed');
    }
  }

  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-6 text-center text-2xl font-bold">Create your account</h1>
      <RegisterForm onSubmit={submit} error={error} />
    </div>
  );
}
