import { randomBytes } from 'node:crypto';
import { FieldOpener, FieldSealer } from './sealed-fields';

describe('Sealed fields', () => {
  const identityKey = randomBytes(32).toString('base64');
  const sealer = new FieldSealer({ identity: identityKey });
  const LOGIN = 'identity.user.login.v1';

  it('seals the listed fields only, and the receiving service opens them', () => {
    const sealed = sealer.seal('identity', LOGIN, { email: 'a@shop.dz', password: 'souk-el-fellah' });
    expect(sealed.email).toBe('a@shop.dz');
    expect(sealed.password).toMatch(/^sealed:v1:/);
    expect(JSON.stringify(sealed)).not.toContain('souk-el-fellah');
    expect(new FieldOpener(identityKey).open(LOGIN, sealed)).toEqual({
      email: 'a@shop.dz',
      password: 'souk-el-fellah',
    });
  });

  it('leaves other patterns alone, and refuses to send a secret it has no key for', () => {
    expect(sealer.seal('identity', 'identity.confirmateur.list.v1', { password: 'x' })).toEqual({
      password: 'x',
    });
    expect(() => sealer.seal('delivery-zr', 'delivery-zr.account.add.v1', { apiKey: 'k' })).toThrow(
      /No key to seal/,
    );
  });

  it('does not open a value in clear, under another key, or moved to another pattern', () => {
    const opener = new FieldOpener(identityKey);
    expect(opener.open(LOGIN, { email: 'a@shop.dz', password: 'in-clear' })).toBeUndefined();
    const sealed = sealer.seal('identity', LOGIN, { password: 'p' });
    expect(new FieldOpener(randomBytes(32).toString('base64')).open(LOGIN, sealed)).toBeUndefined();
    expect(opener.open('identity.user.register.v1', sealed)).toBeUndefined();
  });

  it('opens with any key of a list, as during a rotation', () => {
    const next = randomBytes(32).toString('base64');
    const sealed = new FieldSealer({ identity: `${next},${identityKey}` }).seal('identity', LOGIN, {
      password: 'p',
    });
    expect(new FieldOpener(`${identityKey},${next}`).open(LOGIN, sealed)).toEqual({ password: 'p' });
  });
});
