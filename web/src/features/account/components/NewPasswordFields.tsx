import { TextField } from '../../../components/ui/TextField';
import type { FieldErrors } from '../../../lib/validation';
import { useTranslation } from 'react-i18next';

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPassword(value: string): void;
  onConfirmation(value: string): void;
  errors: FieldErrors<'password' | 'confirmation'>;
}

/** The new password, typed twice: the reset and change forms share them. */
export function NewPasswordFields({
  password,
  confirmation,
  onPassword,
  onConfirmation,
  errors,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('account.new_password')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={errors.password}
      />
      <TextField
        label={t('account.new_password_again')}
        type="password"
        name="new-password-again"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => onConfirmation(e.target.value)}
        error={errors.confirmation}
      />
    </>
  );
}
