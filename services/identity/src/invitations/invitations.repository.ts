import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { INVITATION_TTL_DAYS } from '@tawsil/contracts/identity';
import { randomUUID } from 'node:crypto';
import type { InvitationRow } from './invitation.mapper';

const COLUMNS =
  'id, store_id, store_name, email, invited_by, invited_at, expires_at, accepted_at, revoked_at';
const EXPIRY = `now() + interval '${INVITATION_TTL_DAYS} days'`;
/** A pending invitation of the owner, in one of the owner's stores (a JSON array parameter). */
const OWNERS_PENDING = `invited_by = ? and accepted_at is null and revoked_at is null
  and store_id in (select jsonb_array_elements_text(?::jsonb)::uuid)`;

/**
 * identity.invitations: one pending invitation per store and address, its link kept as a hash.
 * Methods that take `em` run inside the caller's transaction.
 */
@Injectable()
export class InvitationsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Stores the pending invitation, or renews the one the address already has for the store. */
  async upsertPending(
    em: EntityManager,
    invitation: { storeId: string; storeName: string; email: string; tokenHash: string; invitedBy: string },
  ): Promise<InvitationRow> {
    const [row] = await em.execute<InvitationRow[]>(
      `insert into identity.invitations (id, store_id, store_name, email, token_hash, invited_by, expires_at)
       values (?, ?, ?, ?, ?, ?, ${EXPIRY})
       on conflict (store_id, email) where accepted_at is null and revoked_at is null
       do update set token_hash = excluded.token_hash, store_name = excluded.store_name,
         invited_by = excluded.invited_by, invited_at = now(), expires_at = excluded.expires_at
       returning ${COLUMNS}`,
      [
        randomUUID(),
        invitation.storeId,
        invitation.storeName,
        invitation.email,
        invitation.tokenHash,
        invitation.invitedBy,
      ],
    );
    return row;
  }

  pendingOf(ownerId: string, storeIds: string[]): Promise<InvitationRow[]> {
    return this.em.fork().execute<InvitationRow[]>(
      `select ${COLUMNS} from identity.invitations where ${OWNERS_PENDING}
       order by invited_at desc, id`,
      [ownerId, JSON.stringify(storeIds)],
    );
  }

  /** Withdraws the owner's pending invitation; undefined when there is none with this id. */
  async revoke(
    em: EntityManager,
    id: string,
    owner: { userId: string; storeIds: string[] },
  ): Promise<InvitationRow | undefined> {
    const [row] = await em.execute<InvitationRow[]>(
      `update identity.invitations set revoked_at = now() where id = ? and ${OWNERS_PENDING}
       returning ${COLUMNS}`,
      [id, owner.userId, JSON.stringify(owner.storeIds)],
    );
    return row;
  }

  /** A new link for the owner's pending invitation, valid for another full period. */
  async renew(
    em: EntityManager,
    id: string,
    tokenHash: string,
    owner: { userId: string; storeIds: string[] },
  ): Promise<InvitationRow | undefined> {
    const [row] = await em.execute<InvitationRow[]>(
      `update identity.invitations set token_hash = ?, invited_at = now(), expires_at = ${EXPIRY}
       where id = ? and ${OWNERS_PENDING}
       returning ${COLUMNS}`,
      [tokenHash, id, owner.userId, JSON.stringify(owner.storeIds)],
    );
    return row;
  }

  /** The invitation of a link, in any state; `lock` holds it until the transaction ends. */
  async findByTokenHash(
    em: EntityManager,
    tokenHash: string,
    lock = false,
  ): Promise<InvitationRow | undefined> {
    const [row] = await em.execute<InvitationRow[]>(
      `select ${COLUMNS} from identity.invitations where token_hash = ?${lock ? ' for update' : ''}`,
      [tokenHash],
    );
    return row;
  }

  /** The user joins the invitation's store, and the invitation is used up. */
  async accept(em: EntityManager, invitation: InvitationRow, userId: string): Promise<void> {
    await em.execute(
      `insert into identity.memberships (confirmateur_id, store_id, owner_id) values (?, ?, ?)
       on conflict do nothing`,
      [userId, invitation.store_id, invitation.invited_by],
      'run',
    );
    await em.execute(
      'update identity.invitations set accepted_at = now(), accepted_by = ? where id = ?',
      [userId, invitation.id],
      'run',
    );
  }
}
