import { login } from '../features/auth/api';
import { LoginForm } from '../features/auth/components/LoginForm';
import { useSignIn } from '../features/auth/use-sign-in';
import { useDocumentTitle } from '../lib/use-document-title';

export default function LoginPage() {
  useDocumentTitle('Login');
  const { submit, error } = useSignIn(login, 'Login failed');
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-6 text-center text-2xl font-bold">Welcome back</h1>
      <LoginForm onSubmit={submit} error={error} />
    </div>
  );
}
