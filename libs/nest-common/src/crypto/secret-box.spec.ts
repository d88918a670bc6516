import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32).toString('base64'));

  it('opens what it sealed, and never shows the secret in the sealed form', () => {
    const sealed = box.seal('zr-api-secret-ù-الجزائر', 'account-1');
    expect(sealed).not.toContain('zr-api-secret');
    expect(box.open(sealed, 'account-1')).toBe('zr-api-secret-ù-الجزائر');
  });

  it('seals the same value differently each time', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered value, another context and another key', () => {
    const sealed = box.seal('token', 'store-1');
    const [version, iv, payload] = sealed.split(':');
    const flipped = Buffer.from(payload, 'base64');
    flipped[0] ^= 1;
    expect(() => box.open([version, iv, flipped.toString('base64')].join(':'), 'store-1')).toThrow();
    expect(() => box.open(sealed, 'store-2')).toThrow();
    expect(() => new SecretBox(randomBytes(32).toString('base64')).open(sealed, 'store-1')).toThrow();
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => new SecretBox(randomBytes(16).toString('base64'))).toThrow('32 bytes');
  });
});
