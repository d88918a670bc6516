import { DeadlockException, DriverException } from '@mikro-orm/core';
import { ServiceErrorFilter } from './rpc-exception.filter';
import { firstValueFrom } from 'rxjs';
import { Logger, type ArgumentsHost } from '@nestjs/common';
import { badInputError, classifySqlError, sqlStateOf } from './sqlstate';
import { isTransientError } from './transient-error';
import { retryTransaction } from '../db/retry-transaction';

Logger.overrideLogger(false);

/** A PostgreSQL error as MikroORM hands it over: the driver's error, its SQLSTATE in `code`. */
const postgresError = (code: string, extra: Record<string, unknown> = {}) =>
  new DriverException(Object.assign(new Error(`failed (${code})`), { code, ...extra }));

const rpcHost = { getType: () => 'rpc' } as unknown as ArgumentsHost;
const payloadOf = (exception: unknown) =>
  firstValueFrom(new ServiceErrorFilter().catch(exception, rpcHost)!).catch((payload: unknown) => payload);

describe('PostgreSQL errors by SQLSTATE', () => {
  it.each(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03'])(
    'connection loss or shutdown %s is an outage (503)',
    async (code) => {
      expect(classifySqlError(postgresError(code))).toBe('unavailable');
      expect(isTransientError(postgresError(code))).toBe(true);
      expect(await payloadOf(postgresError(code))).toMatchObject({ status: 503 });
    },
  );

  it('a NUL that broke the wire message (08P01) is bad input, not an outage', async () => {
    const error = postgresError('08P01');
    expect(classifySqlError(error)).toBe('bad-input');
    expect(isTransientError(error)).toBe(false);
    expect(await payloadOf(error)).toEqual({
      status: 400,
      message: 'A text value contains a NUL character, which cannot be stored',
    });
  });

  it.each([
    ['22001', 'A text value is too long'],
    ['22003', 'A number is out of range'],
    ['22P02', 'A value is not in the expected format'],
    ['22P05', 'A text value contains a character that cannot be stored'],
    ['2200D', 'A value is not valid'],
  ])('data exception %s answers 400 "%s"', async (code, message) => {
    expect(classifySqlError(postgresError(code))).toBe('bad-input');
    expect(await payloadOf(postgresError(code))).toEqual({ status: 400, message });
  });

  it('names the column when PostgreSQL names it', () => {
    expect(badInputError(postgresError('22001', { column: 'customer_name' })).message).toBe(
      'customer_name: a text value is too long',
    );
  });

  it('finds the SQLSTATE through wrapped causes, and never mistakes a Node error code for one', () => {
    expect(sqlStateOf(new Error('outer', { cause: postgresError('40001') }))).toBe('40001');
    expect(sqlStateOf(Object.assign(new Error('pipe'), { code: 'EPIPE' }))).toBeUndefined();
    expect(isTransientError(Object.assign(new Error('pipe'), { code: 'EPIPE' }))).toBe(true);
  });

  it('leaves constraint violations and bugs to their own handling', () => {
    expect(classifySqlError(postgresError('23505'))).toBeUndefined();
    expect(classifySqlError(new TypeError('x is undefined'))).toBeUndefined();
    expect(isTransientError(postgresError('23505'))).toBe(false);
  });

  it('a serialization failure or deadlock that escapes its retries answers 503, not 500', async () => {
    expect(classifySqlError(postgresError('40001'))).toBe('retry');
    expect(
      classifySqlError(new DeadlockException(Object.assign(new Error('deadlock'), { code: '40P01' }))),
    ).toBe('retry');
    expect(await payloadOf(postgresError('40P01'))).toMatchObject({ status: 503 });
  });
});

describe('retryTransaction', () => {
  it('runs the whole transaction again after a serialization failure or a deadlock', async () => {
    const failures = [postgresError('40001'), postgresError('40P01')];
    let runs = 0;
    const answer = await retryTransaction(async () => {
      runs++;
      const failure = failures.shift();
      if (failure) throw failure;
      return 'committed';
    });
    expect(answer).toBe('committed');
    expect(runs).toBe(3);
  });

  it('answers 503 when the conflicts go on', async () => {
    let runs = 0;
    const attempt = retryTransaction(async () => {
      runs++;
      throw postgresError('40001');
    });
    await expect(attempt).rejects.toMatchObject({ status: 503 });
    expect(runs).toBe(4);
  });

  it('does not run again what failed for another reason', async () => {
    let runs = 0;
    const attempt = retryTransaction(async () => {
      runs++;
      throw postgresError('22P02');
    });
    await expect(attempt).rejects.toBeInstanceOf(DriverException);
    expect(runs).toBe(1);
  });
});
