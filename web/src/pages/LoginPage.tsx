import { login } from '../features/auth/api';
import { LoginForm } from '../features/auth/components/LoginForm';
import { useSignIn } from '../features/auth/use-sign-in';
import { useDocumentTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';

export default function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.title'));
  const { submit, error } = useSignIn(login, t('login.failed'));
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-6 text-center text-2xl font-bold">{t('login.heading')}</h1>
      <LoginForm onSubmit={submit} error={error} />
    </div>
  );
}
