import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBox } from '../components/ui/ErrorBox';
import { signOutEverywhere } from '../features/account/api';
import { ChangePasswordForm } from '../features/account/components/ChangePasswordForm';
import { ApiError } from '../lib/api-client';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

export default function AccountPage() {
  useDocumentTitle('Account');
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
      setError((failure instanceof ApiError && failure.serverMessage) || 'The sessions were not ended');
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="mx-auto flex max-w-sm flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold">Account</h1>
        <p className="mt-1 text-sm text-slate-600">
          {user?.name}
          {user?.email ? ` · ${user.email}` : ''}
        </p>
      </div>
      <section aria-labelledby="change-password" className="flex flex-col gap-4">
        <h2 id="change-password" className="text-lg font-semibold">
          Change password
        </h2>
        <ChangePasswordForm />
      </section>
      <section aria-labelledby="sessions" className="flex flex-col gap-3">
        <h2 id="sessions" className="text-lg font-semibold">
          Signed-in devices
        </h2>
        <p className="text-sm text-slate-600">
          Lost a phone, or signed in on a shared computer? Sign out on every device, this one included.
        </p>
        {error && <ErrorBox message={error} />}
        <button
          type="button"
          disabled={sending}
          onClick={() => void endEverySession()}
          className="min-h-11 rounded-md border border-red-300 px-4 py-2 font-medium text-red-700 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600 disabled:opacity-60"
        >
          Sign out everywhere
        </button>
      </section>
    </div>
  );
}
