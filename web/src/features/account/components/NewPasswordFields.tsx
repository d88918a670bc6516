import { TextField } from '../../../components/ui/TextField';
import type { FieldErrors } from '../../../lib/validation';

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
  return (
    <>
      <TextField
        label="New password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={errors.password}
      />
      <TextField
        label="New password again"
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
