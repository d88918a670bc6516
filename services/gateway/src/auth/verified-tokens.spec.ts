import type { TokenClaims } from '@tawsil/contracts/identity';
import { VerifiedTokens } from './verified-tokens';

const claims = (expSeconds: number): TokenClaims & { exp: number } => ({
  sub: 'u1',
  name: 'Amina',
  type: 'owner',
  sid: 's1',
  exp: expSeconds,
});

describe('verified tokens', () => {
  it('knows a token until it expires, then verifies it again', () => {
    const tokens = new VerifiedTokens();
    tokens.add('t1', claims(1_000));
    expect(tokens.get('t1', 999_999)?.sid).toBe('s1');
    expect(tokens.get('t1', 1_000_000)).toBeUndefined();
    expect(tokens.size).toBe(0);
  });

  it('keeps at most its bound, forgetting the oldest first', () => {
    const tokens = new VerifiedTokens(2);
    for (const token of ['t1', 't2', 't3']) tokens.add(token, claims(1_000));
    expect(tokens.size).toBe(2);
    expect(tokens.get('t1', 0)).toBeUndefined();
    expect(tokens.get('t3', 0)?.sub).toBe('u1');
  });

  it('never keeps a token without an expiry', () => {
    const tokens = new VerifiedTokens();
    tokens.add('t1', { sub: 'u1', name: 'Amina', type: 'owner', sid: 's1' });
    expect(tokens.get('t1', 0)).toBeUndefined();
  });
});
