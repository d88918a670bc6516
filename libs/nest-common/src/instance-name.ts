import { hostname } from 'node:os';

/** A name unique to this running process, for logs and the RPC consumer group. */
export function instanceName(configured?: string): string {
  return configured ?? `${hostname()}-${process.pid}`;
}
