import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { REVOKED_SESSIONS_STREAM } from '@tawsil/contracts/identity';
import { Redis } from 'ioredis';
import { IdentityConfig } from '../config/identity.config';
import { TokenSigner } from '../tokens/token-signer';

/**
 * Announces ended sessions on the Redis stream every gateway reads, so their access tokens are
 * refused at once. An entry matters only while a token of its session may still be valid: the
 * stream keeps about one access-token lifetime of entries.
 */
@Injectable()
export class RevocationPublisher implements OnApplicationShutdown {
  private readonly redis: Redis;

  constructor(
    config: IdentityConfig,
    private readonly signer: TokenSigner,
  ) {
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, commandTimeout: 2000 });
    this.redis.on('error', () => undefined);
  }

  async publish(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    const now = Date.now();
    const until = String(now + this.signer.ttlMs);
    const oldest = String(now - this.signer.ttlMs);
    const batch = this.redis.multi();
    for (const sessionId of sessionIds)
      batch.xadd(REVOKED_SESSIONS_STREAM, 'MINID', '~', oldest, '*', 'sid', sessionId, 'until', until);
    const results = (await batch.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed) throw failed[0];
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
