import type {
  AddConfirmateurDto,
  AuthUserDto,
  ConfirmateurInvited,
  ConfirmateurView,
  InvitationAccepted,
  InvitationPreview,
  InvitationView,
  RegisterFromInvitationDto,
  RemoveConfirmateurDto,
} from '@tawsil/contracts/identity';
import useSWR from 'swr';
import { currentLanguage } from '../../i18n/i18n';
import { api } from '../../lib/api-client';
import { swrKeys } from '../../lib/swr-keys';

/** An agent of the owner, with the ids of the owner's stores it works for. */
export type Confirmateur = ConfirmateurView;
export type Invitation = InvitationView;

export function useConfirmateurs() {
  return useSWR<Confirmateur[]>(swrKeys.confirmateurs, (path: string) => api<Confirmateur[]>(path));
}

export function useInvitations() {
  return useSWR<Invitation[]>(swrKeys.invitations, (path: string) => api<Invitation[]>(path));
}

/** Invites an address to a store: the agent joins once they accept the mailed link. */
export const addConfirmateur = (storeId: string, body: AddConfirmateurDto) =>
  api<ConfirmateurInvited>(`${swrKeys.confirmateurs}/${encodeURIComponent(storeId)}`, {
    method: 'POST',
    body,
  });

export const removeConfirmateur = (confirmateurId: string, storeId: string) =>
  api<{ confirmateurId: string; storeId: string }>(
    `${swrKeys.confirmateurs}/${encodeURIComponent(confirmateurId)}`,
    { method: 'DELETE', body: { storeId } satisfies RemoveConfirmateurDto },
  );

export const revokeInvitation = (invitationId: string) =>
  api<Invitation>(`${swrKeys.invitations}/${encodeURIComponent(invitationId)}`, { method: 'DELETE' });

export const resendInvitation = (invitationId: string) =>
  api<Invitation>(`${swrKeys.invitations}/${encodeURIComponent(invitationId)}/resend`, { method: 'POST' });

/** The invitation link's page: its token goes in the body, never in an API URL. */
export const openInvitation = (token: string) =>
  api<InvitationPreview>('/api/invitations/open', { method: 'POST', body: { token } });

export const acceptInvitation = (token: string) =>
  api<InvitationAccepted>('/api/invitations/accept', { method: 'POST', body: { token } });

/** The new agent's account speaks the language the page was shown in. */
export const registerFromInvitation = (body: RegisterFromInvitationDto) =>
  api<AuthUserDto>('/api/invitations/register', {
    method: 'POST',
    body: { language: currentLanguage(), ...body },
  });
