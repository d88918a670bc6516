import type { InvitationState, InvitationView } from '@tawsil/contracts/identity';

/** A row of identity.invitations as the raw queries give it (timestamps may come as text). */
export interface InvitationRow {
  id: string;
  store_id: string;
  store_name: string;
  email: string;
  invited_by: string;
  invited_at: Date | string;
  expires_at: Date | string;
  accepted_at: Date | string | null;
  revoked_at: Date | string | null;
}

export function stateOf(row: InvitationRow, now = new Date()): InvitationState {
  if (row.accepted_at) return 'accepted';
  if (row.revoked_at) return 'revoked';
  return new Date(row.expires_at) <= now ? 'expired' : 'pending';
}

export function toInvitationView(row: InvitationRow): InvitationView {
  return {
    _id: row.id,
    storeId: row.store_id,
    storeName: row.store_name,
    email: row.email,
    invitedAt: new Date(row.invited_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}
