import { register } from '../features/auth/api';
import { RegisterForm } from '../features/auth/components/RegisterForm';
import { useSignIn } from '../features/auth/use-sign-in';
import { useDocumentTitle } from '../lib/use-document-title';

export default function RegisterPage() {
  useDocumentTitle('Register');
  const { submit, error } = useSignIn(register, 'Registration failed');
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-6 text-center text-2xl font-bold">Create your account</h1>
      <RegisterForm onSubmit={submit} error={error} />
    </div>
  );
}
