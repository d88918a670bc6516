import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { useValidatedSubmit } from '../../../lib/use-validated-submit';
import { addConfirmateur } from '../api';
import { addFailure, invitedLine } from '../failure';
import { validateConfirmateur, type ConfirmateurValues } from '../validation';
import { useTranslation } from 'react-i18next';

interface AddConfirmateurFormProps {
  stores: readonly { _id: string; name: string }[];
  onAdded: () => void;
}

/** Invites an agent, by e-mail, to one of the owner's stores; they join once they accept. */
export function AddConfirmateurForm({ stores, onAdded }: AddConfirmateurFormProps) {
  const [storeId, setStoreId] = useState('');
  const [email, setEmail] = useState('');
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string; detail?: string }>();
  const { errors, sending, submit } = useValidatedSubmit(
    validateConfirmateur,
    async (values: ConfirmateurValues) => {
      setOutcome(undefined);
      try {
        const invited = await addConfirmateur(values.storeId, { email: values.email.trim() });
        setOutcome({
          ok: true,
          text: t('confirmateurs.added'),
          detail: invitedLine(invited.invitation.email),
        });
        setEmail('');
        onAdded();
      } catch (error) {
        setOutcome({ ok: false, text: addFailure(error) });
      }
    },
  );

  return (
    <form
      noValidate
      aria-label={t('confirmateurs.add_form')}
      onSubmit={(event) => submit(event, { storeId, email })}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      {outcome && !outcome.ok && <ErrorBox message={outcome.text} />}
      {outcome?.ok && (
        <div role="status" className="rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          <p>{outcome.text}</p>
          {outcome.detail && <p className="mt-1">{outcome.detail}</p>}
        </div>
      )}
      <SelectField
        label={t('confirmateurs.store')}
        name="storeId"
        value={storeId}
        error={errors.storeId}
        onChange={(event) => setStoreId(event.target.value)}
        options={[
          { value: '', label: t('confirmateurs.select_store') },
          ...stores.map((store) => ({ value: store._id, label: store.name })),
        ]}
      />
      <TextField
        label={t('confirmateurs.email')}
        type="email"
        name="email"
        autoComplete="off"
        value={email}
        error={errors.email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" disabled={sending} className="min-h-11 self-start">
        {t('confirmateurs.add')}
      </Button>
    </form>
  );
}
