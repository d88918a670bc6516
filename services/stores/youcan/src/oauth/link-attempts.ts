import { Injectable } from '@nestjs/common';
import type { LinkError } from '@tawsil/contracts/stores-youcan';
import { SecretBox } from '@tawsil/nest-common';
import { randomUUID } from 'node:crypto';
import { LINK_ATTEMPT_LIFETIME_MS, newState, pkcePair, refusalOf } from './link-attempt-rules';
import { LinkAttemptsRepository } from './link-attempts.repository';

export interface ClaimedAttempt {
  ownerId: string;
  storename: string;
  codeVerifier: string;
}

/** The store-link attempts: started by a signed-in owner, completed once by the same browser. */
@Injectable()
export class LinkAttempts {
  constructor(
    private readonly attempts: LinkAttemptsRepository,
    private readonly secrets: SecretBox,
  ) {}

  async start(ownerId: string, storename: string, nonceHash: string) {
    const id = randomUUID();
    const { verifier, challenge } = pkcePair();
    const now = new Date();
    const state = newState();
    await this.attempts.insert({
      id,
      state,
      ownerId,
      storename,
      nonceHash,
      codeVerifier: this.secrets.seal(verifier, verifierContext(id)),
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_ATTEMPT_LIFETIME_MS),
    });
    return { state, codeChallenge: challenge };
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
    const attempt = state ? await this.attempts.findByState(state) : null;
    const refusal = refusalOf(attempt, nonce);
    if (refusal || !attempt) return { error: refusal ?? 'link_invalid' };
    if (!(await this.attempts.markUsed(attempt.id, new Date()))) return { error: 'link_used' };
    return {
      ownerId: attempt.ownerId,
      storename: attempt.storename,
      codeVerifier: this.secrets.open(attempt.codeVerifier, verifierContext(attempt.id)),
    };
  }
}

const verifierContext = (attemptId: string) => `link-attempt:${attemptId}:code-verifier`;
