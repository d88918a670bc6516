import { HttpException, HttpStatus } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';

const MINUTE_MS = 60_000;

export class TooManyWebhooksException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many webhook deliveries, try again in a minute', HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Webhook deliveries counted per client address and per store, a minute at a time, in the
 * throttler's Redis storage so every gateway replica shares the counts. A refused delivery is not
 * lost: the hourly re-read of each store's recent orders brings its order in.
 */
export class WebhookLimits {
  constructor(
    private readonly storage: ThrottlerStorage,
    private readonly perAddress: number,
    private readonly perStore: number,
  ) {}

  countAddress(address: string): Promise<void> {
    return this.count(`webhook-address:${address}`, this.perAddress, 'webhook-address');
  }

  countStore(storeId: string): Promise<void> {
    return this.count(`webhook-store:${storeId}`, this.perStore, 'webhook-store');
  }

  private async count(key: string, limit: number, name: string): Promise<void> {
    const { isBlocked, timeToBlockExpire } = await this.storage.increment(
      key,
      MINUTE_MS,
      limit,
      MINUTE_MS,
      name,
    );
    if (isBlocked) throw new TooManyWebhooksException(Math.max(timeToBlockExpire, 1));
  }
}
