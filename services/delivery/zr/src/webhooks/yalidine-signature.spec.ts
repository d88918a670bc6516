import { createHmac } from 'node:crypto';
import { verifyYalidineSignature, YalidineSignatureRefusal } from './yalidine-signature';

/** As Yalidine (and the project's sandbox) signs: hex HMAC-SHA256 of the raw body with the secret. */
const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

describe('verifyYalidineSignature', () => {
  const secret = 'a3f1c2d4e5b6a7980123456789abcdef0123456789abcdef0123456789abcdef';
  const body = JSON.stringify({
    type: 'parcel_status_updated',
    events: [
      {
        event_id: '6b7e4a2c-1d0f-4c3b-9a8e-2f1d0c9b8a7e',
        occurred_at: '2026-11-27 10:00:00',
        data: { tracking: 'yal-ABC123', status: 'Livré' },
      },
    ],
  });

  const refusal = (run: () => void) => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(YalidineSignatureRefusal);
      return (error as Error).message;
    }
    throw new Error('expected a refusal');
  };

  it('accepts the signature of the exact bytes, in lower or upper case hex', () => {
    expect(() => verifyYalidineSignature(secret, Buffer.from(body), sign(secret, body))).not.toThrow();
    expect(() =>
      verifyYalidineSignature(secret, Buffer.from(body), sign(secret, body).toUpperCase()),
    ).not.toThrow();
  });

  it('refuses a missing signature', () => {
    expect(refusal(() => verifyYalidineSignature(secret, Buffer.from(body), undefined))).toBe(
      'Missing X-YALIDINE-SIGNATURE header',
    );
    expect(refusal(() => verifyYalidineSignature(secret, Buffer.from(body), ''))).toBe(
      'Missing X-YALIDINE-SIGNATURE header',
    );
  });

  it('refuses another secret, a changed body, a truncated or non-hex signature', () => {
    const cases = [
      sign('another secret', body),
      sign(secret, body.replace('Livré', 'Retourné au vendeur')),
      sign(secret, body).slice(0, 63),
      sign(secret, body).slice(0, 62) + 'zz',
      Buffer.from(createHmac('sha256', secret).update(body).digest()).toString('base64'),
    ];
    for (const signature of cases)
      expect(refusal(() => verifyYalidineSignature(secret, Buffer.from(body), signature))).toBe(
        'Invalid webhook signature',
      );
  });

  it('checks the bytes as they came: the same JSON re-serialized differently is refused', () => {
    const spaced = JSON.stringify(JSON.parse(body), null, 2);
    expect(refusal(() => verifyYalidineSignature(secret, Buffer.from(spaced), sign(secret, body)))).toBe(
      'Invalid webhook signature',
    );
  });

  it('never puts the secret in its message', () => {
    const message = refusal(() => verifyYalidineSignature(secret, Buffer.from(body), 'f'.repeat(64)));
    expect(message).not.toContain(secret);
  });
});
