import { requestContext } from '../logging/request-context';
import { idempotencyKeyFor } from './rpc-caller';

describe('Idempotency keys of RPC calls', () => {
  const inGateway = { requestId: 'r1', idempotencyKey: 'user-1:click-42' };
  const inHandler = { ...inGateway, deadline: Date.now() + 5000 };
  const PATTERN = 'delivery-zr.delivery.check.v1';

  it("carries the HTTP request's key as it is from the gateway", () => {
    requestContext.run(inGateway, () => expect(idempotencyKeyFor(PATTERN, { a: 1 })).toBe('user-1:click-42'));
  });

  it('derives a nested call’s key from its request’s: the same on a repeat, another for another call', () => {
    const keys = requestContext.run(inHandler, () => [
      idempotencyKeyFor(PATTERN, { a: 1 }),
      idempotencyKeyFor(PATTERN, { a: 1 }),
      idempotencyKeyFor(PATTERN, { a: 2 }),
      idempotencyKeyFor('orders.order.shipping-details.v1', { a: 1 }),
    ]);
    expect(keys[0]).toMatch(/^nested:[\w-]{43}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys).size).toBe(3);
    const otherRequest = requestContext.run({ ...inHandler, idempotencyKey: 'user-1:click-43' }, () =>
      idempotencyKeyFor(PATTERN, { a: 1 }),
    );
    expect(otherRequest).not.toBe(keys[0]);
  });

  it('has no key outside a request (a queue job)', () => {
    expect(idempotencyKeyFor(PATTERN, { a: 1 })).toBeUndefined();
  });
});
