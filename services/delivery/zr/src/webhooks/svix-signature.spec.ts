import { createHmac, randomBytes } from 'node:crypto';
import { SvixRefusal, verifySvixDelivery } from './svix-signature';

/** Svix's scheme written from its documentation, not from the library under test. */
const key = randomBytes(24);
const secret = `whsec_${key.toString('base64')}`;
const sign = (id: string, timestamp: number, body: string, withKey = key) =>
  `v1,${createHmac('sha256', withKey).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
const now = () => Math.floor(Date.now() / 1000);
const body = JSON.stringify({
  eventType: 'parcel.state.updated',
  occurredAt: '2026-11-27T10:00:00Z',
  data: { id: 'p-1', externalId: 'TW-1', state: { name: 'livre' } },
});
const delivery = (overrides: { id?: string; timestamp?: number; signature?: string; body?: string } = {}) => {
  const id = overrides.id ?? 'msg_1';
  const timestamp = overrides.timestamp ?? now();
  const sent = overrides.body ?? body;
  return {
    body: Buffer.from(sent),
    headers: {
      id,
      timestamp: String(timestamp),
      signature: overrides.signature ?? sign(id, timestamp, sent),
    },
  };
};
const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof SvixRefusal) return error.message;
    throw error;
  }
  throw new Error('accepted');
};

describe('verifySvixDelivery', () => {
  it('accepts a delivery signed with the secret and answers its body parsed', () => {
    const { body: raw, headers } = delivery();
    expect(verifySvixDelivery(secret, raw, headers)).toMatchObject({ data: { externalId: 'TW-1' } });
  });

  it('accepts any one of several space-separated signatures (a rotated secret)', () => {
    const timestamp = now();
    const signature = `${sign('msg_1', timestamp, body, randomBytes(24))} ${sign('msg_1', timestamp, body)}`;
    const { body: raw, headers } = delivery({ timestamp, signature });
    expect(verifySvixDelivery(secret, raw, headers)).toBeTruthy();
  });

  it('refuses a body changed after signing, another secret, another svix-id or another timestamp', () => {
    const { headers } = delivery();
    expect(
      refusal(() => verifySvixDelivery(secret, Buffer.from(body.replace('TW-1', 'TW-2')), headers)),
    ).toBe('Invalid webhook signature');
    const other = delivery({ signature: sign('msg_1', now(), body, randomBytes(24)) });
    expect(refusal(() => verifySvixDelivery(secret, other.body, other.headers))).toBe(
      'Invalid webhook signature',
    );
    const moved = delivery();
    expect(refusal(() => verifySvixDelivery(secret, moved.body, { ...moved.headers, id: 'msg_2' }))).toBe(
      'Invalid webhook signature',
    );
    expect(
      refusal(() =>
        verifySvixDelivery(secret, moved.body, { ...moved.headers, timestamp: String(now() - 1) }),
      ),
    ).toBe('Invalid webhook signature');
  });

  it('refuses a signature without the v1 scheme', () => {
    const good = delivery();
    const bare = good.headers.signature.replace(/^v1,/, '');
    expect(refusal(() => verifySvixDelivery(secret, good.body, { ...good.headers, signature: bare }))).toBe(
      'Invalid webhook signature',
    );
  });

  it('refuses a timestamp more than 5 minutes old or ahead, even well signed', () => {
    const old = delivery({ timestamp: now() - 6 * 60 });
    expect(refusal(() => verifySvixDelivery(secret, old.body, old.headers))).toBe(
      'Stale webhook: svix-timestamp is more than 5 minutes old',
    );
    const ahead = delivery({ timestamp: now() + 6 * 60 });
    expect(refusal(() => verifySvixDelivery(secret, ahead.body, ahead.headers))).toBe(
      'Stale webhook: svix-timestamp is more than 5 minutes ahead',
    );
    const recent = delivery({ timestamp: now() - 4 * 60 });
    expect(verifySvixDelivery(secret, recent.body, recent.headers)).toBeTruthy();
  });

  it('refuses a delivery without its svix headers', () => {
    const { body: raw, headers } = delivery();
    expect(refusal(() => verifySvixDelivery(secret, raw, { ...headers, id: undefined }))).toBe(
      'Missing svix-id, svix-timestamp or svix-signature header',
    );
    expect(refusal(() => verifySvixDelivery(secret, raw, { ...headers, signature: undefined }))).toBe(
      'Missing svix-id, svix-timestamp or svix-signature header',
    );
    expect(refusal(() => verifySvixDelivery(secret, raw, { ...headers, timestamp: 'soon' }))).toBe(
      'Invalid svix-timestamp header',
    );
  });

  it('refuses a well-signed body that is not JSON', () => {
    const { body: raw, headers } = delivery({ body: 'not json' });
    expect(refusal(() => verifySvixDelivery(secret, raw, headers))).toBe('The webhook body is not JSON');
  });
});
