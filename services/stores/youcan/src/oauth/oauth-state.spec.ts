import { randomBytes } from 'node:crypto';
import { OAuthState } from './oauth-state';

describe('OAuthState', () => {
  const states = new OAuthState(randomBytes(32).toString('base64'));
  const payload = { ownerId: '6f1c2a52-8b7e-4a5e-9a59-3f5a1c2b9d10', storename: 'ma-boutique' };

  it('gives back who started the authorization and for which store', () => {
    expect(states.verify(states.sign(payload))).toEqual(payload);
  });

  it('refuses a state after fifteen minutes', () => {
    const state = states.sign(payload, Date.now() - 16 * 60_000);
    expect(states.verify(state)).toBeUndefined();
  });

  it('refuses a state whose owner was changed', () => {
    const [body, mac] = states.sign(payload).split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, o: 'someone-else' })).toString('base64url');
    expect(states.verify(`${forged}.${mac}`)).toBeUndefined();
  });

  it('refuses a state signed with another key, and garbage', () => {
    const other = new OAuthState(randomBytes(32).toString('base64'));
    expect(states.verify(other.sign(payload))).toBeUndefined();
    for (const junk of [undefined, '', 'abc', 'a.b.c', '.']) expect(states.verify(junk)).toBeUndefined();
  });
});
