import { isWebhookKeyOf, webhookKey } from './webhook-key';

const storeA = '3f2b8c1e-5d4a-4b7e-9c2f-1a2b3c4d5e6f';
const storeB = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';

describe('Webhook key of a store', () => {
  it('is the same for a store each time and fits in a URL as it is', () => {
    const key = webhookKey('client-secret', storeA);
    expect(webhookKey('client-secret', storeA)).toBe(key);
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(isWebhookKeyOf('client-secret', storeA, key)).toBe(true);
  });

  it("refuses another store's key, a key of another secret, a cut key and anything not a string", () => {
    const key = webhookKey('client-secret', storeA);
    expect(isWebhookKeyOf('client-secret', storeB, key)).toBe(false);
    expect(isWebhookKeyOf('client-secret', storeB, webhookKey('other-secret', storeB))).toBe(false);
    expect(isWebhookKeyOf('client-secret', storeA, key.slice(0, 20))).toBe(false);
    expect(isWebhookKeyOf('client-secret', storeA, undefined)).toBe(false);
    expect(isWebhookKeyOf('client-secret', storeA, [key])).toBe(false);
  });
});
