import { Quotas } from './quotas';

describe("Yalidine's quotas", () => {
  const limits = { second: 2, minute: 3, hour: 100, day: 1000 };
  let now = 0;
  const quotas = () => new Quotas(() => now);

  beforeEach(() => (now = 1_000_000));

  it('counts down each window and refuses past one, saying when it resets', () => {
    const q = quotas();
    expect(q.take(limits, 0, 0).headers).toMatchObject({
      'x-second-quota-left': '1',
      'x-minute-quota-left': '2',
    });
    q.take(limits, 0, 0);
    const refused = q.take(limits, 0, 0);
    expect(refused.allowed).toBe(false);
    expect(refused.headers).toMatchObject({ 'x-second-quota-left': '0', 'retry-after': '1' });
  });

  it('resets a window its length after the first call in it, so the minute holds past the second', () => {
    const q = quotas();
    q.take(limits, 0, 0);
    now += 400;
    q.take(limits, 0, 0);
    now += 700; // 1.1 s after the first call: the second window is new, the minute one is not
    expect(q.take(limits, 0, 0).allowed).toBe(true);
    now += 100;
    const refused = q.take(limits, 0, 0);
    expect(refused.allowed).toBe(false);
    expect(refused.headers['x-minute-quota-left']).toBe('0');
    expect(refused.headers['retry-after']).toBe('59'); // 60 s after the first call, 1.2 s later
    now += 58_800;
    expect(q.take(limits, 0, 0).allowed).toBe(true);
  });

  it('locks the key after repeated offences, twice as long at each lock', () => {
    const q = quotas();
    const one = { ...limits, second: 1 };
    q.take(one, 2, 10_000);
    q.take(one, 2, 10_000);
    const locked = q.take(one, 2, 10_000);
    expect(locked.headers['retry-after']).toBe('10');
    now += 9_000;
    expect(q.take(one, 2, 10_000).allowed).toBe(false);
    now += 1_000;
    expect(q.take(one, 2, 10_000).allowed).toBe(true);
    q.take(one, 2, 10_000);
    expect(q.take(one, 2, 10_000).headers['retry-after']).toBe('20');
  });
});
