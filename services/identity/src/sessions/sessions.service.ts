import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import type { AuthUserDto, NewSession, SessionView, SignedIn } from '@tawsil/contracts/identity';
import { retryTransaction, ServiceError } from '@tawsil/nest-common';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { TokenSigner } from '../tokens/token-signer';
import { User } from '../users/user.entity';
import { RevocationPublisher } from './revocation-publisher';
import { hashSecret } from './secret-hash';
import { SessionsRepository } from './sessions.repository';

/** How long a session lasts without being used… and at most, since each refresh keeps its end. */
export const SESSION_TTL_DAYS = 30;
/** A refresh secret replaced this recently is a tab that refreshed at the same time, not a thief. */
export const ROTATION_GRACE_MS = 30_000;

export const SESSION_ENDED = 'Your session has ended: sign in again';
export const REFRESH_REUSED = 'This session was used from somewhere else and has been ended: sign in again';
export const REFRESH_RACED = 'This session was just renewed: retry with the new cookie';

type UserView = Omit<AuthUserDto, 'token'>;

const sameHash = (a: string | null, b: string) =>
  a !== null && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Sign-in sessions: opened at each sign-in, refreshed by rotating their secret, ended at will. */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionsRepository,
    private readonly signer: TokenSigner,
    private readonly revocations: RevocationPublisher,
  ) {}

  /** Opens a session for a user who just proved who they are, with the gateway's refresh secret. */
  async open(user: UserView, session: NewSession): Promise<SignedIn> {
    if (typeof session.refreshToken !== 'string' || session.refreshToken.length < 32)
      throw ServiceError.badRequest('refreshToken is required');
    const id = randomUUID();
    await this.sessions.insert({
      id,
      userId: user._id,
      refreshHash: hashSecret(session.refreshToken),
      userAgent: (session.userAgent ?? '').slice(0, 300),
      expiresAt: new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000),
    });
    return this.signedIn(user, id);
  }

  /**
   * Swaps the session's refresh secret for the next one and signs a new access token. A secret
   * that was already swapped (outside the grace of a simultaneous refresh) means two holders:
   * the session ends, so a stolen cookie stops working as soon as either side uses it again.
   */
  async refresh(input: {
    sessionId: string;
    refreshToken: string;
    nextRefreshToken: string;
    userAgent?: string;
  }): Promise<SignedIn> {
    const presented = hashSecret(input.refreshToken);
    const outcome = await retryTransaction(() =>
      this.em.fork().transactional(async (em) => {
        const row = await this.sessions.lock(em, input.sessionId);
        if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now())
          return { kind: 'ended' as const };
        if (sameHash(row.refresh_hash, presented)) {
          await this.sessions.rotate(
            em,
            row.id,
            hashSecret(input.nextRefreshToken),
            (input.userAgent ?? row.user_agent).slice(0, 300),
          );
          const user = await em.findOne(User, { id: row.user_id }, { fields: ['name', 'email', 'type'] });
          if (!user) return { kind: 'ended' as const };
          const view: UserView = { _id: row.user_id, name: user.name, email: user.email, type: user.type };
          return { kind: 'rotated' as const, user: view };
        }
        const justRotated = row.rotated_at && Date.now() - row.rotated_at.getTime() < ROTATION_GRACE_MS;
        if (justRotated && sameHash(row.previous_refresh_hash, presented)) return { kind: 'raced' as const };
        await this.sessions.revoke(em, row.user_id, { only: row.id });
        return { kind: 'reused' as const };
      }),
    );
    switch (outcome.kind) {
      case 'rotated':
        return this.signedIn(outcome.user, input.sessionId);
      case 'raced':
        throw ServiceError.conflict(REFRESH_RACED);
      case 'reused':
        this.logger.warn(
          { sessionId: input.sessionId },
          'A replaced refresh token was used again: session ended',
        );
        await this.revocations.publish([input.sessionId]);
        throw ServiceError.unauthorized(REFRESH_REUSED);
      default:
        throw ServiceError.unauthorized(SESSION_ENDED);
    }
  }

  /** Ends the caller's session, or every session of theirs. */
  async end(userId: string, sessionId: string | undefined, all: boolean): Promise<string[]> {
    if (!all && !sessionId) return [];
    const ended = await retryTransaction(() =>
      this.em.fork().transactional((em) => this.sessions.revoke(em, userId, all ? {} : { only: sessionId })),
    );
    // The caller's own session is announced even when it had ended already: a retry after a
    // failed announcement still reaches the gateways.
    const announced = all ? ended : [sessionId!];
    await this.revocations.publish(announced);
    return announced;
  }

  /** Ends sessions inside the caller's transaction; `announce` then tells the gateways. */
  revokeWithin(em: EntityManager, userId: string, except?: string): Promise<string[]> {
    return this.sessions.revoke(em, userId, except ? { except } : {});
  }

  announce(sessionIds: string[]): Promise<void> {
    return this.revocations.publish(sessionIds);
  }

  async list(userId: string, currentSessionId?: string): Promise<SessionView[]> {
    const rows = await this.sessions.openOf(userId);
    return rows.map((row) => ({
      _id: row.id,
      userAgent: row.user_agent,
      createdAt: row.created_at.toISOString(),
      lastUsedAt: row.last_used_at.toISOString(),
      current: row.id === currentSessionId,
    }));
  }

  private signedIn(user: UserView, sessionId: string): SignedIn {
    const token = this.signer.sign({ sub: user._id, name: user.name, type: user.type, sid: sessionId });
    return { ...user, token, sessionId };
  }
}
