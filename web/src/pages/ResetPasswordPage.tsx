import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../components/ui/Button';
import { ErrorBox } from '../components/ui/ErrorBox';
import { resetPassword } from '../features/account/api';
import { NewPasswordFields } from '../features/account/components/NewPasswordFields';
import { ApiError } from '../lib/api-client';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';
import { useValidatedSubmit } from '../lib/use-validated-submit';
import { validateNewPassword } from '../lib/validation';
import { useTranslation } from 'react-i18next';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('reset.title'));
  const token = useSearchParams()[0].get('token') ?? '';
  const { user, signOut } = useSession();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const { errors, sending, submit } = useValidatedSubmit(validateNewPassword, async (values) => {
    setError(undefined);
    try {
      await resetPassword(token, values.password);
      setDone(true);
      // Every session ended with the reset, this browser's too.
      if (user) signOut();
    } catch (failure) {
      setError((failure instanceof ApiError && failure.serverMessage) || t('account.password_not_changed'));
    }
  });

  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-6 text-center text-2xl font-bold">{t('reset.title')}</h1>
      {!token ? (
        <ErrorBox message={t('reset.no_token')} />
      ) : done ? (
        <p
          role="status"
          className="rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
        >
          {t('reset.done')}
        </p>
      ) : (
        <form
          noValidate
          aria-label={t('reset.title')}
          className="flex flex-col gap-4"
          onSubmit={(event) => submit(event, { password, confirmation })}
        >
          {error && <ErrorBox message={error} />}
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
            errors={errors}
          />
          <Button type="submit" disabled={sending} className="min-h-11">
            {t('reset.submit')}
          </Button>
        </form>
      )}
      <p className="mt-4 flex justify-center gap-6 text-sm">
        <Link to="/login" className="inline-block py-3 font-medium text-emerald-700 underline">
          {t('auth.sign_in')}
        </Link>
        <Link to="/forgot-password" className="inline-block py-3 font-medium text-emerald-700 underline">
          {t('reset.new_link')}
        </Link>
      </p>
    </div>
  );
}
