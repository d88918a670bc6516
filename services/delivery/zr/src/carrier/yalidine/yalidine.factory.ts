import type { DeliveryZrConfig } from '../../config/delivery-zr.config';
import { YalidineCarrier } from './yalidine.carrier';
import { YalidineClient } from './yalidine-client';
import { YalidineQuota } from './yalidine-quota';
import type { YalidineRedis } from './yalidine-redis';

/** A call waits this long at most for its turn in an account's quota (a minute's window and more). */
const QUOTA_MAX_WAIT_MS = 75_000;

export function yalidineCarrier(config: DeliveryZrConfig, redis: YalidineRedis): YalidineCarrier {
  const quota = new YalidineQuota(() => redis.client, {
    limits: {
      second: config.YALIDINE_QUOTA_PER_SECOND,
      minute: config.YALIDINE_QUOTA_PER_MINUTE,
      hour: config.YALIDINE_QUOTA_PER_HOUR,
      day: config.YALIDINE_QUOTA_PER_DAY,
    },
    maxWaitMs: QUOTA_MAX_WAIT_MS,
  });
  return new YalidineCarrier(
    new YalidineClient({ baseUrl: config.YALIDINE_API_URL, timeoutMs: config.YALIDINE_TIMEOUT_MS }, quota),
    config.YALIDINE_BATCH_SIZE,
  );
}
