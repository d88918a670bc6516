import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../components/ui/Button';
import { ErrorBox } from '../components/ui/ErrorBox';
import { TextField } from '../components/ui/TextField';
import { forgotPassword } from '../features/account/api';
import { ApiError } from '../lib/api-client';
import { useDocumentTitle } from '../lib/use-document-title';
import { useValidatedSubmit } from '../lib/use-validated-submit';
import { validateEmail } from '../lib/validation';
import { useTranslation } from 'react-i18next';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('forgot.title'));
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const { errors, sending, submit } = useValidatedSubmit(validateEmail, async (values: { email: string }) => {
    setError(undefined);
    try {
      await forgotPassword(values.email.trim());
      setSent(true);
    } catch (failure) {
      setError((failure instanceof ApiError && failure.serverMessage) || t('forgot.not_sent'));
    }
  });

  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-2 text-center text-2xl font-bold">{t('auth.forgot')}</h1>
      <p className="mb-6 text-center text-sm text-slate-600">{t('forgot.hint')}</p>
      {sent ? (
        <p
          role="status"
          className="rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
        >
          {t('forgot.sent')}
        </p>
      ) : (
        <form
          noValidate
          aria-label={t('forgot.title')}
          className="flex flex-col gap-4"
          onSubmit={(event) => submit(event, { email })}
        >
          {error && <ErrorBox message={error} />}
          <TextField
            label={t('auth.email')}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <Button type="submit" disabled={sending} className="min-h-11">
            {t('forgot.send')}
          </Button>
        </form>
      )}
      <p className="mt-4 text-center text-sm text-slate-600">
        <Link to="/login" className="inline-block py-3 font-medium text-emerald-700 underline">
          {t('forgot.back')}
        </Link>
      </p>
    </div>
  );
}
