import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  IdentityPatterns,
  passwordProblem,
  type InvitationAccepted,
  type InvitationPreview,
  type RegisterFromInvitationDto,
} from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { IDEMPOTENCY_KEY_REUSED, idempotentWrite, ServiceError } from '@tawsil/nest-common';
import { randomUUID } from 'node:crypto';
import { PasswordHasher } from '../passwords/password-hasher';
import { User } from '../users/user.entity';
import { UserMapper, type UserView } from '../users/user.mapper';
import { INVITATION_COLUMNS, stateOf, type InvitationRow } from './invitation-row';
import { hashInvitationToken } from './invitation-token';

export const INVITATION_ACCEPTED = 'Invitation accepted: you now work for this store';
const UNKNOWN_LINK = 'This invitation link is not valid: ask the store owner for a new one';
const REFUSALS = {
  accepted: 'This invitation was already accepted',
  revoked: 'This invitation was withdrawn by the store owner',
  expired: 'This invitation has expired: ask the store owner to send it again',
} as const;

type Joined = { userId: string; storeId: string; storeName: string };

/** The invited person's side: see an invitation, accept it signed in, or register from it. */
@Injectable()
export class JoiningService {
  constructor(
    private readonly em: EntityManager,
    private readonly hasher: PasswordHasher,
    private readonly mapper: UserMapper,
  ) {}

  async open(token: string): Promise<InvitationPreview> {
    const em = this.em.fork();
    const row = await this.find(em, token);
    const [inviter, accounts] = await Promise.all([
      em.findOne(User, { id: row.invited_by }, { fields: ['name'] }),
      em.count(User, { email: row.email }),
    ]);
    return {
      email: row.email,
      storeName: row.store_name,
      invitedBy: inviter?.name ?? '',
      expiresAt: new Date(row.expires_at).toISOString(),
      state: stateOf(row),
      hasAccount: accounts > 0,
    };
  }

  /** A signed-in confirmateur, of the invited address, joins the store. */
  async accept(actor: Actor, token: string): Promise<InvitationAccepted> {
    const joined = await idempotentWrite<Joined>(
      this.em,
      { pattern: IdentityPatterns.acceptInvitation, request: { token } },
      async (em) => {
        const row = await this.takePending(em, token);
        const user = await em.findOne(User, { id: actor.userId });
        if (!user) throw ServiceError.unauthorized('Sign in first');
        if (user.type !== 'confirmateur')
          throw ServiceError.forbidden(
            'Only a confirmateur account can join a store: this account is an owner’s',
          );
        if (user.email !== row.email)
          throw ServiceError.forbidden(
            `This invitation was sent to ${row.email}: sign in with that address to accept it`,
          );
        await this.join(em, row, user.id);
        return { userId: user.id, storeId: row.store_id, storeName: row.store_name };
      },
    );
    return { message: INVITATION_ACCEPTED, storeId: joined.storeId, storeName: joined.storeName };
  }

  /** A new confirmateur account, with the invitation's address, that works for the store at once. */
  async register(input: RegisterFromInvitationDto): Promise<UserView & { storeId: string }> {
    // Hashed before the transaction: a hash waiting for its turn holds no database connection.
    const passwordHash = await this.hasher.hash(input.password);
    let created = false;
    // The password stays out of the stored request hash, as for a registration.
    const request = { token: input.token, name: input.name };
    const joined = await idempotentWrite<Joined>(
      this.em,
      { pattern: IdentityPatterns.registerFromInvitation, request },
      async (em) => {
        const row = await this.takePending(em, input.token);
        const problem = passwordProblem(input.password, { name: input.name, email: row.email });
        if (problem) throw ServiceError.badRequest(problem);
        if (await em.count(User, { email: row.email }))
          throw ServiceError.conflict(
            'An account with this email already exists: sign in to accept the invitation',
          );
        const user = em.create(User, {
          id: randomUUID(),
          name: input.name,
          email: row.email,
          passwordHash,
          type: 'confirmateur',
        });
        try {
          await em.flush();
        } catch (error) {
          if (error instanceof UniqueConstraintViolationException)
            throw ServiceError.conflict(
              'An account with this email already exists: sign in to accept the invitation',
            );
          throw error;
        }
        await this.join(em, row, user.id);
        created = true;
        return { userId: user.id, storeId: row.store_id, storeName: row.store_name };
      },
    );
    const user = await this.em.fork().findOneOrFail(User, { id: joined.userId });
    if (!created && !(await this.hasher.verify(user.passwordHash, input.password)))
      throw ServiceError.unprocessable(IDEMPOTENCY_KEY_REUSED);
    return { ...this.mapper.toAuthUser(user), storeId: joined.storeId };
  }

  private async find(em: EntityManager, token: string, lock = false): Promise<InvitationRow> {
    const [row] = await em.execute<InvitationRow[]>(
      `select ${INVITATION_COLUMNS} from identity.invitations where token_hash = ?${lock ? ' for update' : ''}`,
      [hashInvitationToken(token)],
    );
    if (!row) throw ServiceError.notFound(UNKNOWN_LINK);
    return row;
  }

  /** The invitation, locked until the transaction ends, if it can still be accepted. */
  private async takePending(em: EntityManager, token: string): Promise<InvitationRow> {
    const row = await this.find(em, token, true);
    const state = stateOf(row);
    if (state !== 'pending') throw ServiceError.conflict(REFUSALS[state]);
    return row;
  }

  private async join(em: EntityManager, row: InvitationRow, userId: string): Promise<void> {
    await em.execute(
      `insert into identity.memberships (confirmateur_id, store_id, owner_id) values (?, ?, ?)
       on conflict do nothing`,
      [userId, row.store_id, row.invited_by],
      'run',
    );
    await em.execute(
      'update identity.invitations set accepted_at = now(), accepted_by = ? where id = ?',
      [userId, row.id],
      'run',
    );
  }
}
