import { register } from '../features/auth/api';
import { RegisterForm } from '../features/auth/components/RegisterForm';
import { useSignIn } from '../features/auth/use-sign-in';
import { useDocumentTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';

export default function RegisterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('register.title'));
  const { submit, error } = useSignIn(register, t('register.failed'));
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-6 text-center text-2xl font-bold">{t('register.heading')}</h1>
      <RegisterForm onSubmit={submit} error={error} />
    </div>
  );
}
