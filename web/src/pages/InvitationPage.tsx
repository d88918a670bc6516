import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import useSWR from 'swr';
import { Button } from '../components/ui/Button';
import { ErrorBox } from '../components/ui/ErrorBox';
import { useSignIn } from '../features/auth/use-sign-in';
import { acceptInvitation, openInvitation, registerFromInvitation } from '../features/confirmateurs/api';
import { JoinForm, type JoinValues } from '../features/confirmateurs/components/JoinForm';
import { ApiError } from '../lib/api-client';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';
import { Trans, useTranslation } from 'react-i18next';

const serverWords = (error: unknown, fallback: string) =>
  (error instanceof ApiError && error.serverMessage) || fallback;

/** `/invitations/:token`, the page an invitation mail links to. */
export default function InvitationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('invitation.title'));
  const { token = '' } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const { data: invitation, error } = useSWR(['invitation', token], () => openInvitation(token), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const [acceptError, setAcceptError] = useState<string>();
  const [accepting, setAccepting] = useState(false);
  const join = useSignIn(
    (values: JoinValues) => registerFromInvitation({ token, ...values }),
    t('register.failed'),
  );

  async function accept() {
    setAccepting(true);
    setAcceptError(undefined);
    try {
      await acceptInvitation(token);
      navigate('/orders', { replace: true });
    } catch (failure) {
      setAcceptError(serverWords(failure, t('invitation.accept_failed')));
      setAccepting(false);
    }
  }

  let body: React.ReactNode;
  if (error) body = <ErrorBox message={serverWords(error, t('invitation.cannot_open'))} />;
  else if (!invitation) body = <p className="text-slate-600">{t('orders.loading')}</p>;
  else if (invitation.state !== 'pending') body = <ErrorBox message={t(`invitation.${invitation.state}`)} />;
  else if (user)
    body = (
      <div className="flex flex-col gap-4">
        {acceptError && <ErrorBox message={acceptError} />}
        <p className="text-sm text-slate-600">{t('invitation.signed_in_as', { name: user.name })}</p>
        <Button type="button" onClick={() => void accept()} disabled={accepting} className="min-h-11">
          {t('invitation.accept')}
        </Button>
      </div>
    );
  else if (invitation.hasAccount)
    body = (
      <Link
        to="/login"
        state={{ from: `/invitations/${token}` }}
        className="flex min-h-11 items-center justify-center rounded-md bg-emerald-700 px-4 font-medium text-white"
      >
        {t('invitation.sign_in_to_accept', { email: invitation.email })}
      </Link>
    );
  else body = <JoinForm email={invitation.email} onSubmit={join.submit} error={join.error} />;

  return (
    <div className="mx-auto flex max-w-sm flex-col gap-6">
      <h1 className="text-center text-2xl font-bold">{t('invitation.title')}</h1>
      {invitation && (
        <p className="text-center text-slate-700">
          <Trans
            i18nKey="invitation.invites"
            values={{ by: invitation.invitedBy, email: invitation.email, store: invitation.storeName }}
            components={{ b: <strong /> }}
          />
        </p>
      )}
      {body}
    </div>
  );
}
