import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { TextField } from '../../../components/ui/TextField';
import { ApiError } from '../../../lib/api-client';
import { useValidatedSubmit } from '../../../lib/use-validated-submit';
import { validatePasswordChange } from '../../../lib/validation';
import { changePassword } from '../api';
import { NewPasswordFields } from './NewPasswordFields';
import { useTranslation } from 'react-i18next';

/** Changes the password; the server ends every other session, this one stays. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const { errors, sending, submit } = useValidatedSubmit(validatePasswordChange, async (values) => {
    setError(undefined);
    setDone(undefined);
    try {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.password });
      setDone(t('account.password_changed'));
      setCurrentPassword('');
      setPassword('');
      setConfirmation('');
    } catch (failure) {
      setError((failure instanceof ApiError && failure.serverMessage) || t('account.password_not_changed'));
    }
  });

  return (
    <form
      noValidate
      aria-label={t('account.change_password')}
      className="flex flex-col gap-4"
      onSubmit={(event) => submit(event, { currentPassword, password, confirmation })}
    >
      {error && <ErrorBox message={error} />}
      {done && (
        <p
          role="status"
          className="rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
        >
          {done}
        </p>
      )}
      <TextField
        label={t('account.current_password')}
        type="password"
        name="current-password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => setCurrentPassword(e.target.value)}
        error={errors.currentPassword}
      />
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
        errors={errors}
      />
      <Button type="submit" disabled={sending} className="min-h-11">
        {t('account.change_password')}
      </Button>
    </form>
  );
}
