import type { ServiceName } from '@tawsil/contracts/rpc';

/**
 * The wire format of the Redis Streams RPC transport.
 *
 * A request is one entry in the stream of the service that answers it; the instances of that
 * service read the stream as one consumer group, so each entry goes to exactly one of them. The
 * answer goes back on the caller's own pub/sub channel. An entry stays pending until its answer is
 * sent; one that is still pending after its deadline is dropped (never run again elsewhere).
 */
export const requestStreamKey = (service: ServiceName) => `rpc:${service}:requests`;
export const consumerGroup = (service: ServiceName) => `${service}-rpc`;
/**
 * A caller's answers come on a channel named after it (`rpc:replies:<signer>:<client id>`): its
 * Redis user alone may subscribe there (deploy/redis/users.acl), and a service answers a signed
 * request only on a channel of its signer.
 */
export const replyChannelPrefix = (owner: string) => `rpc:replies:${owner}:`;
export const replyChannel = (owner: string, clientId: string) => `${replyChannelPrefix(owner)}${clientId}`;

export interface RequestEntry {
  id: string;
  pattern: string;
  data: string;
  replyTo: string;
  /** Epoch milliseconds after which the caller has given up: the entry is dropped unanswered. */
  deadline: string;
  requestId: string;
  /** Who signed the entry (RpcSigner) and the signature: see envelope-signature.ts. */
  signer?: string;
  signature?: string;
}

export interface ReplyMessage {
  id: string;
  response?: unknown;
  err?: unknown;
  isDisposed?: boolean;
}

export function entryToFields(entry: RequestEntry): string[] {
  return Object.entries(entry)
    .filter(([, value]) => value !== undefined)
    .flat() as string[];
}

export function fieldsToEntry(fields: string[]): RequestEntry {
  const entry: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) entry[fields[i]] = fields[i + 1];
  return entry as unknown as RequestEntry;
}
