import { ServiceError } from './service-error';

/**
 * What a PostgreSQL error means for the caller, read from its SQLSTATE:
 * - `unavailable`: the connection is lost or the server is shutting down (08000–08006, 57P01–03): 503.
 * - `bad-input`: the request carried a value PostgreSQL refuses (22xxx data exceptions), or text
 *   PostgreSQL cannot even receive (08P01: MikroORM inlines parameters, so a NUL character breaks
 *   the wire message; the connection stays usable): 400.
 * - `retry`: a serialization failure or deadlock (40001, 40P01): the whole transaction may run again.
 */
export type SqlErrorKind = 'unavailable' | 'bad-input' | 'retry';

const UNAVAILABLE = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03']);
const RETRY = new Set(['40001', '40P01']);
// SQLSTATE classes start with a digit or are one of these; Node's EPIPE is not a SQLSTATE.
const SQLSTATE = /^([0-9][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/;

/** The SQLSTATE of an error or of one of its causes, if it has one. */
export function sqlStateOf(error: unknown): string | undefined {
  let current = error as { code?: unknown; sqlState?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    for (const candidate of [current.sqlState, current.code])
      if (typeof candidate === 'string' && SQLSTATE.test(candidate)) return candidate;
    current = current.cause as typeof current;
  }
  return undefined;
}

export function classifySqlError(error: unknown): SqlErrorKind | undefined {
  const state = sqlStateOf(error);
  if (!state) return undefined;
  if (UNAVAILABLE.has(state)) return 'unavailable';
  if (RETRY.has(state)) return 'retry';
  if (state === '08P01' || state.startsWith('22')) return 'bad-input';
  return undefined;
}

const DATA_MESSAGES: Record<string, string> = {
  '08P01': 'a text value contains a NUL character, which cannot be stored',
  '22001': 'a text value is too long',
  '22003': 'a number is out of range',
  '22007': 'a date is not valid',
  '22008': 'a date is out of range',
  '22021': 'a text value contains a character that cannot be stored',
  '22P02': 'a value is not in the expected format',
  '22P05': 'a text value contains a character that cannot be stored',
};

/**
 * The 400 a data error answers. PostgreSQL names the column for some errors (`column`); when it
 * does, the message names it, otherwise it says what kind of value was refused.
 */
export function badInputError(error: unknown): ServiceError {
  const state = sqlStateOf(error) ?? '22000';
  const column = columnOf(error);
  const what = DATA_MESSAGES[state] ?? 'a value is not valid';
  return ServiceError.badRequest(column ? `${column}: ${what}` : capitalize(what));
}

function columnOf(error: unknown): string | undefined {
  let current = error as { column?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.column === 'string' && current.column) return current.column;
    current = current.cause as typeof current;
  }
  return undefined;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
