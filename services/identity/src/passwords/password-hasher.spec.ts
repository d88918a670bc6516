import { PasswordHasher } from './password-hasher';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher(2);

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hasher.hash('souk-el-fellah');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await hasher.verify(hash, 'souk-el-fellah')).toBe(true);
    expect(await hasher.verify(hash, 'souk-el-fellah!')).toBe(false);
  });

  it('refuses when there is no account, after the same work as a real check', async () => {
    expect(await hasher.verify(undefined, 'anything')).toBe(false);
  });

  it('salts each hash: the same password never gives the same hash', async () => {
    expect(await hasher.hash('same')).not.toBe(await hasher.hash('same'));
  });
});
