import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../components/ui/ConfirmDialog';
import { FailureLine } from '../components/ui/FailureLine';
import {
  removeConfirmateur,
  resendInvitation,
  revokeInvitation,
  useConfirmateurs,
  useInvitations,
  type Confirmateur,
  type Invitation,
} from '../features/confirmateurs/api';
import { AddConfirmateurForm } from '../features/confirmateurs/components/AddConfirmateurForm';
import { ConfirmateurList } from '../features/confirmateurs/components/ConfirmateurList';
import { PendingInvitations } from '../features/confirmateurs/components/PendingInvitations';
import { confirmateurFailure } from '../features/confirmateurs/failure';
import { useStores } from '../features/stores/api';
import { useDocumentTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';

export default function ConfirmateursPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('confirmateurs.title'));
  const { data: confirmateurs, error, mutate } = useConfirmateurs();
  const { data: stores, error: storesError } = useStores();
  const { data: invitations, mutate: reloadInvitations } = useInvitations();
  const [invitationBusy, setInvitationBusy] = useState<string>();
  const [invitationNote, setInvitationNote] = useState<{ ok: boolean; text: string }>();
  const [removing, setRemoving] = useState<{ confirmateur: Confirmateur; storeId: string }>();
  const [loadFailure, setLoadFailure] = useState<string>();
  const [removeFailure, setRemoveFailure] = useState<string>();
  const storeNames = useMemo(() => new Map((stores ?? []).map((store) => [store._id, store.name])), [stores]);

  useEffect(() => {
    setLoadFailure(error ? confirmateurFailure(error, t('confirmateurs.load_failed')) : undefined);
  }, [error, t]);
  useEffect(() => {
    if (storesError) confirmateurFailure(storesError, t('confirmateurs.stores_failed'));
  }, [storesError, t]);

  async function confirmRemove() {
    const target = removing;
    setRemoving(undefined);
    if (!target) return;
    try {
      await removeConfirmateur(target.confirmateur._id, target.storeId);
      setRemoveFailure(undefined);
    } catch (failure) {
      setRemoveFailure(confirmateurFailure(failure, t('confirmateurs.remove_failed')));
    }
    await mutate();
  }

  async function onInvitation(invitation: Invitation, action: 'resend' | 'revoke') {
    setInvitationBusy(invitation._id);
    try {
      if (action === 'resend') await resendInvitation(invitation._id);
      else await revokeInvitation(invitation._id);
      setInvitationNote({
        ok: true,
        text:
          action === 'resend'
            ? t('confirmateurs.resent', { email: invitation.email })
            : t('confirmateurs.revoked', { email: invitation.email }),
      });
    } catch (failure) {
      setInvitationNote({
        ok: false,
        text: confirmateurFailure(
          failure,
          action === 'resend' ? t('confirmateurs.resend_failed') : t('confirmateurs.revoke_failed'),
        ),
      });
    }
    setInvitationBusy(undefined);
    await reloadInvitations();
  }

  const removingStore = removing ? (storeNames.get(removing.storeId) ?? t('confirmateurs.this_store')) : '';
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('confirmateurs.title')}</h1>
      <AddConfirmateurForm
        stores={stores ?? []}
        onAdded={() => {
          void mutate();
          void reloadInvitations();
        }}
      />
      {invitationNote && !invitationNote.ok && <FailureLine text={invitationNote.text} />}
      {invitationNote?.ok && (
        <p role="status" className="text-sm text-emerald-800">
          {invitationNote.text}
        </p>
      )}
      <PendingInvitations
        invitations={invitations ?? []}
        busy={invitationBusy}
        onResend={(invitation) => void onInvitation(invitation, 'resend')}
        onRevoke={(invitation) => void onInvitation(invitation, 'revoke')}
      />
      {storesError && <FailureLine text={t('confirmateurs.stores_failed')} />}
      {loadFailure && <FailureLine text={loadFailure} />}
      {removeFailure && <FailureLine text={removeFailure} />}
      {confirmateurs ? (
        <ConfirmateurList
          confirmateurs={confirmateurs}
          storeNames={storeNames}
          onRemove={(confirmateur, storeId) => setRemoving({ confirmateur, storeId })}
        />
      ) : (
        !error && <p className="text-slate-600">{t('orders.loading')}</p>
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title={
          removing
            ? t('confirmateurs.remove_title', { name: removing.confirmateur.name, store: removingStore })
            : ''
        }
        question={t('confirmateurs.remove_question')}
        confirmLabel={t('confirmateurs.remove')}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(undefined)}
      />
    </div>
  );
}
