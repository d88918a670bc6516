import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestContext {
  requestId: string;
}

/** Carries the request id through async work, across RPC calls, into every log line. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

const REQUEST_ID = /^[\w.:-]{1,100}$/;

/** Keeps a caller's id when it is safe to log, otherwise makes a new one. */
export function acceptRequestId(candidate: unknown): string {
  return typeof candidate === 'string' && REQUEST_ID.test(candidate) ? candidate : randomUUID();
}
