import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import type { SessionPatterns, SignedIn } from '@tawsil/contracts/identity';
import { retryTransaction, ServiceError } from '@tawsil/nest-common';
import { timingSafeEqual } from 'node:crypto';
import { TokenSigner } from '../../tokens/token-signer';
import type { UserView } from '../../users/user.mapper';
import { UsersRepository } from '../../users/users.repository';
import { RevocationPublisher } from '../revocation-publisher';
import { hashSecret } from '../secret-hash';
import { SessionsRepository } from '../sessions.repository';
import { signedIn } from '../signed-in';

/** A refresh secret replaced this recently is a tab that refreshed at the same time, not a thief. */
export const ROTATION_GRACE_MS = 30_000;

export const SESSION_ENDED = 'Your session has ended: sign in again';
export const REFRESH_REUSED = 'This session was used from somewhere else and has been ended: sign in again';
export const REFRESH_RACED = 'This session was just renewed: retry with the new cookie';

type RefreshInput = (typeof SessionPatterns.refresh)['__req'] & object;

const sameHash = (a: string | null, b: string) =>
  a !== null && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Swaps the session's refresh secret for the next one and signs a new access token. A secret
 * that was already swapped (outside the grace of a simultaneous refresh) means two holders:
 * the session ends, so a stolen cookie stops working as soon as either side uses it again.
 */
@Injectable()
export class RefreshSessionUseCase {
  private readonly logger = new Logger(RefreshSessionUseCase.name);

  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly signer: TokenSigner,
    private readonly revocations: RevocationPublisher,
  ) {}

  async execute(input: RefreshInput): Promise<SignedIn> {
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
          const user = await this.users.findById(row.user_id, ['name', 'email', 'type', 'language'], em);
          if (!user) return { kind: 'ended' as const };
          const view: UserView = {
            _id: row.user_id,
            name: user.name,
            email: user.email,
            type: user.type,
            language: user.language,
          };
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
        return signedIn(this.signer, outcome.user, input.sessionId);
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
}
