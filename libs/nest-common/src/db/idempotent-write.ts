import type { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { ServiceError } from '../errors/service-error';
import { currentIdempotencyKey } from '../logging/request-context';
import { retryTransaction } from './retry-transaction';

/** The statements that make a service's `idempotency_keys` table (each service's own migration runs them). */
export function idempotencyKeysTableSql(schema: string): string[] {
  return [
    `create table ${schema}.idempotency_keys (
      key text not null,
      pattern text not null,
      request_hash text not null,
      status text not null default 'running' check (status in ('running', 'completed')),
      answer jsonb,
      created_at timestamptz not null default now(),
      primary key (key, pattern)
    )`,
    `create index idempotency_keys_created_at on ${schema}.idempotency_keys (created_at)`,
  ];
}

/** How long a key is remembered: a repeat after this runs as a new write. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export const IDEMPOTENCY_KEY_REUSED = 'Idempotency-Key was already used for a different request';

export interface IdempotentWriteOptions {
  /** The kind of write (its RPC pattern): one key names at most one write of each kind. */
  pattern: string | { cmd: string };
  /** What was asked: a repeat under the same key must ask the same, or it answers 422. */
  request: unknown;
  /** Defaults to the RPC request's key (`currentIdempotencyKey()`); without any, the work just runs. */
  key?: string;
}

/**
 * Runs a write at most once per idempotency key. The key is claimed in the service's own
 * `idempotency_keys` table in the same transaction as the write, and the answer stored with it:
 * - a repeat answers the stored answer without running the write;
 * - a concurrent repeat waits on the claimed row (insert-first, ON CONFLICT) and then answers it;
 * - a refusal (any thrown error) rolls the claim back with the write, so nothing is stored and a
 *   repeat is judged afresh;
 * - serialization failures and deadlocks run the whole transaction again (see retryTransaction).
 * `work` must do its reads and writes through the `em` it is given and return plain JSON.
 */
export async function idempotentWrite<T>(
  em: EntityManager,
  options: IdempotentWriteOptions,
  work: (em: EntityManager) => Promise<T>,
): Promise<T> {
  const key = options.key ?? currentIdempotencyKey();
  if (!key) return retryTransaction(() => em.fork().transactional(work));
  const pattern = typeof options.pattern === 'string' ? options.pattern : options.pattern.cmd;
  const table = `${schemaOf(em)}.idempotency_keys`;
  const requestHash = fingerprint(options.request);
  const answer = await retryTransaction(() =>
    em.fork().transactional(async (tx) => {
      // A row older than the TTL that the sweep has not removed yet is taken over as a new write.
      const claimed = await tx.execute<{ key: string }[]>(
        `insert into ${table} (key, pattern, request_hash) values (?, ?, ?)
         on conflict (key, pattern) do update
           set request_hash = excluded.request_hash, status = 'running', answer = null, created_at = now()
           where ${table}.created_at < now() - interval '${IDEMPOTENCY_KEY_TTL_HOURS} hours'
         returning key`,
        [key, pattern, requestHash],
      );
      if (claimed.length === 0) return repeatAnswer<T>(tx, table, key, pattern, requestHash);
      const result = await work(tx);
      await tx.flush();
      await tx.execute(
        `update ${table} set status = 'completed', answer = ?::jsonb where key = ? and pattern = ?`,
        [JSON.stringify(result ?? null), key, pattern],
      );
      return result;
    }),
  );
  void sweepExpiredKeys(em, table);
  return answer;
}

async function repeatAnswer<T>(
  tx: EntityManager,
  table: string,
  key: string,
  pattern: string,
  requestHash: string,
): Promise<T> {
  const [stored] = await tx.execute<{ request_hash: string; answer: T }[]>(
    `select request_hash, answer from ${table} where key = ? and pattern = ?`,
    [key, pattern],
  );
  if (stored.request_hash !== requestHash) throw ServiceError.unprocessable(IDEMPOTENCY_KEY_REUSED);
  return stored.answer;
}

/** A hash of the request that does not depend on the order of its object keys. */
export function fingerprint(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function schemaOf(em: EntityManager): string {
  const schema = em.config.get('schema');
  if (!schema) throw new Error('idempotentWrite needs the service ORM to name its schema');
  return schema;
}

const SWEEP_EVERY_MS = 60_000;
const lastSweep = new Map<string, number>();
const logger = new Logger('IdempotentWrite');

/** Forgets expired keys, at most once a minute per process, after a write and outside its transaction. */
async function sweepExpiredKeys(em: EntityManager, table: string): Promise<void> {
  const now = Date.now();
  if (now - (lastSweep.get(table) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(table, now);
  try {
    await em.fork().execute(
      `delete from ${table} where (key, pattern) in (
         select key, pattern from ${table}
         where created_at < now() - interval '${IDEMPOTENCY_KEY_TTL_HOURS} hours'
         order by created_at limit 1000 for update skip locked)`,
    );
  } catch (error) {
    logger.warn(`Could not forget expired idempotency keys in ${table}: ${String(error)}`);
  }
}
