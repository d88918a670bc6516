import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestContext {
  requestId: string;
  /**
   * Names one write however many times it is delivered: the client's `Idempotency-Key` scoped to the
   * user, or one the gateway made for the HTTP request. RPC calls carry it to the write handlers.
   */
  idempotencyKey?: string;
}

/** Carries the request id through async work, across RPC calls, into every log line. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

export function currentIdempotencyKey(): string | undefined {
  return requestContext.getStore()?.idempotencyKey;
}

const REQUEST_ID = /^[\w.:-]{1,100}$/;

/** Keeps a caller's id when it is safe to log, otherwise makes a new one. */
export function acceptRequestId(candidate: unknown): string {
  return typeof candidate === 'string' && REQUEST_ID.test(candidate) ? candidate : randomUUID();
}
