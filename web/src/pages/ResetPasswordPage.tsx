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

export default function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const token = useSearchParams()[0].get('token') ?? '';
  const { user, signOut } = useSession();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const { errors, sending, submit } = useValidatedSubmit(validateNewPassword, async (values) => {
    setError(undefined);
    try {
      setDone((await resetPassword(token, values.password)).message);
      // Every session ended with the reset, this browser's too.
      if (user) signOut();
    } catch (failure) {
      setError((failure instanceof ApiError && failure.serverMessage) || 'The password was not changed');
    }
  });

  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-6 text-center text-2xl font-bold">Choose a new password</h1>
      {!token ? (
        <ErrorBox message="This link has no reset token: open the link of the e-mail again, or ask for a new one." />
      ) : done ? (
        <p
          role="status"
          className="rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
        >
          {done}
        </p>
      ) : (
        <form
          noValidate
          aria-label="Choose a new password"
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
            Set the new password
          </Button>
        </form>
      )}
      <p className="mt-4 flex justify-center gap-6 text-sm">
        <Link to="/login" className="inline-block py-3 font-medium text-emerald-700 underline">
          Sign in
        </Link>
        <Link to="/forgot-password" className="inline-block py-3 font-medium text-emerald-700 underline">
          Ask for a new link
        </Link>
      </p>
    </div>
  );
}
