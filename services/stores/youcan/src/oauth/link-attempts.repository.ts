import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { LinkAttempt } from './link-attempt.entity';

/** Attempts this old are deleted when a new one starts: nothing refers to them any more. */
const KEPT_AFTER_EXPIRY = "interval '1 day'";

/** stores_youcan.link_attempts: the store-link attempts, each completed once. */
@Injectable()
export class LinkAttemptsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Stores a new attempt, clearing out the ones long expired. */
  async insert(
    attempt: Pick<
      LinkAttempt,
      'id' | 'state' | 'ownerId' | 'storename' | 'nonceHash' | 'codeVerifier' | 'createdAt' | 'expiresAt'
    >,
  ): Promise<void> {
    const em = this.em.fork();
    await em.execute(
      `delete from stores_youcan.link_attempts where expires_at < now() - ${KEPT_AFTER_EXPIRY}`,
    );
    em.create(LinkAttempt, { ...attempt, usedAt: null });
    await em.flush();
  }

  findByState(state: string): Promise<LinkAttempt | null> {
    return this.em.fork().findOne(LinkAttempt, { state });
  }

  /**
   * Marks the attempt used if it is unused and unexpired: a conditional update, so that of two
   * callbacks racing, one wins. Answers whether this one did.
   */
  async markUsed(attemptId: string, now: Date): Promise<boolean> {
    const claimed = await this.em
      .fork()
      .nativeUpdate(LinkAttempt, { id: attemptId, usedAt: null, expiresAt: { $gt: now } }, { usedAt: now });
    return claimed === 1;
  }
}
