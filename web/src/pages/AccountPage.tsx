import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBox } from '../components/ui/ErrorBox';
import { signOutEverywhere } from '../features/account/api';
import { ChangePasswordForm } from '../features/account/components/ChangePasswordForm';
import { ApiError } from '../lib/api-client';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';

export default function AccountPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.title'));
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  async function endEverySession() {
    setError(undefined);
    setSending(true);
    try {
      await signOutEverywhere();
      signOut();
      navigate('/login', { replace: true });
    } catch (failure) {
      setError((failure instanceof ApiError && failure.serverMessage) || t('account.sessions_failed'));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="mx-auto flex max-w-sm flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold">{t('account.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {user?.name}
          {user?.email ? ` · ${user.email}` : ''}
        </p>
      </div>
      <section aria-labelledby="change-password" className="flex flex-col gap-4">
        <h2 id="change-password" className="text-lg font-semibold">
          {t('account.change_password')}
        </h2>
        <ChangePasswordForm />
      </section>
      <section aria-labelledby="sessions" className="flex flex-col gap-3">
        <h2 id="sessions" className="text-lg font-semibold">
          {t('account.devices')}
        </h2>
        <p className="text-sm text-slate-600">{t('account.devices_hint')}</p>
        {error && <ErrorBox message={error} />}
        <button
          type="button"
          disabled={sending}
          onClick={() => void endEverySession()}
          className="min-h-11 rounded-md border border-red-300 px-4 py-2 font-medium text-red-700 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600 disabled:opacity-60"
        >
          {t('account.sign_out_everywhere')}
        </button>
      </section>
    </div>
  );
}
