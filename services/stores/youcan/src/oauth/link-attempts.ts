import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { LinkError } from '@tawsil/contracts/stores-youcan';
import { SecretBox } from '@tawsil/nest-common';
import { randomUUID } from 'node:crypto';
import { LinkAttempt } from './link-attempt.entity';
import { LINK_ATTEMPT_LIFETIME_MS, newState, pkcePair, refusalOf } from './link-attempt-rules';

/** Attempts this old are deleted when a new one starts: nothing refers to them any more. */
const KEPT_AFTER_EXPIRY = "interval '1 day'";

export interface ClaimedAttempt {
  ownerId: string;
  storename: string;
  codeVerifier: string;
}

/** The store-link attempts: started by a signed-in owner, completed once by the same browser. */
@Injectable()
export class LinkAttempts {
  constructor(
    private readonly em: EntityManager,
    private readonly secrets: SecretBox,
  ) {}

  async start(ownerId: string, storename: string, nonceHash: string) {
    const em = this.em.fork();
    await em.execute(
      `delete from stores_youcan.link_attempts where expires_at < now() - ${KEPT_AFTER_EXPIRY}`,
    );
    const id = randomUUID();
    const { verifier, challenge } = pkcePair();
    const now = new Date();
    const attempt = em.create(LinkAttempt, {
      id,
      state: newState(),
      ownerId,
      storename,
      nonceHash,
      codeVerifier: this.secrets.seal(verifier, verifierContext(id)),
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_ATTEMPT_LIFETIME_MS),
      usedAt: null,
    });
    await em.flush();
    return { state: attempt.state, codeChallenge: challenge };
  }

  /**
   * Marks the attempt named by `state` used, if the browser's nonce is the one it was started
   * with. The conditional update makes it single-use even when two callbacks race: one wins, the
   * other is refused as used.
   */
  async claim(
    state: string | undefined,
    nonce: string | undefined,
  ): Promise<ClaimedAttempt | { error: LinkError }> {
    const em = this.em.fork();
    const attempt = state ? await em.findOne(LinkAttempt, { state }) : null;
    const refusal = refusalOf(attempt, nonce);
    if (refusal || !attempt) return { error: refusal ?? 'link_invalid' };
    const now = new Date();
    const claimed = await em.nativeUpdate(
      LinkAttempt,
      { id: attempt.id, usedAt: null, expiresAt: { $gt: now } },
      { usedAt: now },
    );
    if (claimed !== 1) return { error: 'link_used' };
    return {
      ownerId: attempt.ownerId,
      storename: attempt.storename,
      codeVerifier: this.secrets.open(attempt.codeVerifier, verifierContext(attempt.id)),
    };
  }
}

const verifierContext = (attemptId: string) => `link-attempt:${attemptId}:code-verifier`;
