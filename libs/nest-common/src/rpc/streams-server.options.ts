import type { ServiceName } from '@tawsil/contracts/rpc';
import type { EnvelopeVerifier } from './envelope-signature';
import type { FieldOpener } from './sealed-fields';

/** What a service's RPC listener (RedisStreamsServer) is given. */
export interface StreamsServerOptions {
  redisUrl: string;
  service: ServiceName;
  /** Unique per running instance: the consumer name in the group. */
  instance: string;
  /** Checks each request's signature before its handler runs. */
  verifier: EnvelopeVerifier;
  /** Opens the sealed fields of the requests this service receives (services that receive some). */
  opener?: FieldOpener;
  /** Most requests handled at once by this instance. */
  concurrency?: number;
  /** How often pending requests are looked at for ones past their deadline. */
  sweepIntervalMs?: number;
  /** Allowance for clocks that differ between hosts before a pending request counts as expired. */
  expiryGraceMs?: number;
  /** How long close() waits for requests in progress. */
  drainMs?: number;
}
