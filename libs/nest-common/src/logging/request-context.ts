import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestContext {
  requestId: string;
  /**
   * Names one write however many times it is delivered: the client's `Idempotency-Key` scoped to the
   * user, or one the gateway made for the HTTP request. RPC calls carry it to the write handlers.
   */
  idempotencyKey?: string;
  /**
   * Set while a service handles an RPC request: when its caller gives up (epoch ms). Calls made
   * from the handler wait no longer, and derive their idempotency keys from the request's.
   */
  deadline?: number;
}

/** Carries the request id through async work, across RPC calls, into every log line. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

export function currentIdempotencyKey(): string | undefined {
  return requestContext.getStore()?.idempotencyKey;
}

export function currentDeadline(): number | undefined {
  return requestContext.getStore()?.deadline;
}

const REQUEST_ID = /^[\w.:-]{1,100}$/;

/** Keeps a caller's id when it is safe to log, otherwise makes a new one. */
export function acceptRequestId(candidate: unknown): string {
  return typeof candidate === 'string' && REQUEST_ID.test(candidate) ? candidate : randomUUID();
}
