import { ConnectionException } from '@mikro-orm/core';
import { BadRequestException, Logger, type ArgumentsHost } from '@nestjs/common';
import { firstValueFrom } from 'rxjs';
import { ServiceErrorFilter } from './rpc-exception.filter';
import { ServiceError } from './service-error';
import { isTransientError } from './transient-error';

Logger.overrideLogger(false);

const rpcHost = { getType: () => 'rpc' } as unknown as ArgumentsHost;

async function payloadOf(exception: unknown) {
  const filter = new ServiceErrorFilter();
  return firstValueFrom(filter.catch(exception, rpcHost)!).catch((payload: unknown) => payload);
}

describe('ServiceErrorFilter', () => {
  it('passes a service refusal on with its status and message', async () => {
    expect(await payloadOf(ServiceError.conflict('Already there'))).toEqual({
      status: 409,
      message: 'Already there',
    });
  });

  it("carries a refusal's code and parameters over RPC", async () => {
    expect(await payloadOf(ServiceError.conflict('Amina is on this order'))).toEqual({
      status: 409,
      message: 'Amina is on this order',
      code: 'orders.claimed_by',
      params: { name: 'Amina' },
    });
  });

  it('keeps the status of a framework 4xx', async () => {
    expect(await payloadOf(new BadRequestException('bad field'))).toEqual({
      status: 400,
      message: 'bad field',
    });
  });

  it('answers an unexpected error with a generic 500 and a reference, never its details', async () => {
    const payload = (await payloadOf(new TypeError('cannot read secret of undefined at /srv/app.js:12'))) as {
      status: number;
      message: string;
    };
    expect(payload.status).toBe(500);
    expect(payload.message).toMatch(/^Internal error \(reference [0-9a-f-]{36}\)$/);
    expect(payload.message).not.toContain('secret');
  });

  it('answers 503 when the database is unreachable', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(await payloadOf(refused)).toEqual({
      status: 503,
      message: 'The service is temporarily unavailable, try again shortly',
      code: 'errors.service_temporarily_unavailable',
    });
  });
});

describe('isTransientError', () => {
  it('recognises connection failures, also when wrapped', () => {
    expect(isTransientError(new ConnectionException(new Error('gone')))).toBe(true);
    expect(
      isTransientError(new Error('outer', { cause: Object.assign(new Error('x'), { code: '57P01' }) })),
    ).toBe(true);
    expect(isTransientError(new Error('Command timed out'))).toBe(true);
  });

  it('does not mistake a bug for an outage', () => {
    expect(isTransientError(new TypeError('x is undefined'))).toBe(false);
    expect(isTransientError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});
