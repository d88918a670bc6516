import { rpcPattern } from '../rpc';
import type {
  AddConfirmateurDto,
  CurrentUserView,
  LoginDto,
  RegisterDto,
  RemoveConfirmateurDto,
} from './auth.dto';
import type { ConfirmateurRemoved, ConfirmateurView } from './confirmateur.view';
import type {
  ConfirmateurInvited,
  InvitationAccepted,
  InvitationPreview,
  InvitationTokenDto,
  InvitationView,
  RegisterFromInvitationDto,
  RegisteredFromInvitation,
} from './invitations.dto';
import type { SetLanguageDto } from './language.dto';
import type { NewSession, SignedIn } from './session.patterns';

export const IdentityPatterns = {
  /** Each sign-in opens a session (identity.sessions) whose refresh secret the gateway made. */
  register: rpcPattern<RegisterDto & NewSession, SignedIn>('identity', 'identity.user.register.v1', {
    public: true,
  }),
  login: rpcPattern<LoginDto & NewSession, SignedIn>('identity', 'identity.user.login.v1', { public: true }),
  /** The caller as identity keeps it now: a language chosen on another device shows here. */
  me: rpcPattern<void, CurrentUserView>('identity', 'identity.user.me.v1'),
  /** Keeps the caller's language with the account (any role); the same choice again changes nothing. */
  setLanguage: rpcPattern<SetLanguageDto, CurrentUserView>('identity', 'identity.user.language.set.v1'),
  /** The stores a confirmateur was added to: the gateway puts them in the actor. */
  memberStoreIds: rpcPattern<{ confirmateurId: string }, string[]>(
    'identity',
    'identity.membership.store-ids.v1',
    { public: true },
  ),
  listConfirmateurs: rpcPattern<void, ConfirmateurView[]>('identity', 'identity.confirmateur.list.v1'),
  /** The owner invites an address to a store; identity e-mails the link. */
  inviteConfirmateur: rpcPattern<
    AddConfirmateurDto & { storeId: string; storeName: string },
    ConfirmateurInvited
  >('identity', 'identity.invitation.create.v1'),
  listInvitations: rpcPattern<void, InvitationView[]>('identity', 'identity.invitation.list.v1'),
  revokeInvitation: rpcPattern<{ invitationId: string }, InvitationView>(
    'identity',
    'identity.invitation.revoke.v1',
  ),
  resendInvitation: rpcPattern<{ invitationId: string }, InvitationView>(
    'identity',
    'identity.invitation.resend.v1',
  ),
  /** The link's holder: what the invitation is (no actor needed). */
  openInvitation: rpcPattern<InvitationTokenDto, InvitationPreview>(
    'identity',
    'identity.invitation.open.v1',
    { public: true },
  ),
  /** A signed-in confirmateur joins the store. */
  acceptInvitation: rpcPattern<InvitationTokenDto, InvitationAccepted>(
    'identity',
    'identity.invitation.accept.v1',
  ),
  /** Someone without an account registers from the link and joins at once. */
  registerFromInvitation: rpcPattern<RegisterFromInvitationDto & NewSession, RegisteredFromInvitation>(
    'identity',
    'identity.invitation.register.v1',
    { public: true },
  ),
  removeConfirmateur: rpcPattern<RemoveConfirmateurDto & { confirmateurId: string }, ConfirmateurRemoved>(
    'identity',
    'identity.confirmateur.remove.v1',
  ),
};
