import { fingerprint } from './idempotent-write';

describe('fingerprint of a request', () => {
  it('does not depend on the order of object keys', () => {
    expect(fingerprint({ orderId: 'o', note: 'n' })).toBe(fingerprint({ note: 'n', orderId: 'o' }));
  });

  it('tells different requests apart, lists in their order', () => {
    expect(fingerprint({ note: 'a' })).not.toBe(fingerprint({ note: 'b' }));
    expect(fingerprint({ ids: [1, 2] })).not.toBe(fingerprint({ ids: [2, 1] }));
    expect(fingerprint({ a: undefined, b: 1 })).toBe(fingerprint({ b: 1 }));
  });
});
