import { formatDateTime } from '../../../lib/format-date';
import type { Invitation } from '../api';
import { useTranslation } from 'react-i18next';

interface PendingInvitationsProps {
  invitations: Invitation[];
  onResend: (invitation: Invitation) => void;
  onRevoke: (invitation: Invitation) => void;
  busy?: string;
}

const isExpired = (invitation: Invitation) => new Date(invitation.expiresAt) <= new Date();

/** Invitations sent and not yet accepted: each can be sent again (a new link) or revoked. */
export function PendingInvitations({ invitations, onResend, onRevoke, busy }: PendingInvitationsProps) {
  const { t } = useTranslation();
  if (invitations.length === 0) return null;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="pending-invitations">
      <h2 id="pending-invitations" className="text-lg font-semibold">
        {t('confirmateurs.pending')}
      </h2>
      <ul className="flex flex-col gap-3">
        {invitations.map((invitation) => (
          <li
            key={invitation._id}
            data-testid="invitation"
            className="flex flex-col gap-2 rounded-lg border border-dashed border-slate-300 bg-white p-4"
          >
            <div className="min-w-0">
              <p className="font-semibold break-words">{invitation.email}</p>
              <p className="text-sm text-slate-600">
                {invitation.storeName} ·{' '}
                {isExpired(invitation) ? (
                  <span className="text-red-700">{t('confirmateurs.expired')}</span>
                ) : (
                  t('confirmateurs.expires', { date: formatDateTime(invitation.expiresAt) })
                )}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                disabled={busy === invitation._id}
                aria-label={t('confirmateurs.resend_to', { email: invitation.email })}
                onClick={() => onResend(invitation)}
                className="min-h-11 rounded-md border border-emerald-700 px-4 text-emerald-800 hover:bg-emerald-50 disabled:opacity-60"
              >
                {t('confirmateurs.resend')}
              </button>
              <button
                type="button"
                disabled={busy === invitation._id}
                aria-label={t('confirmateurs.revoke_to', { email: invitation.email })}
                onClick={() => onRevoke(invitation)}
                className="min-h-11 rounded-md px-4 text-red-700 hover:bg-red-50 disabled:opacity-60"
              >
                {t('confirmateurs.revoke')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
