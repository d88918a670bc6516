import { generateEd25519 } from '@tawsil/testing';
import { EnvelopeSigner, EnvelopeVerifier, ed25519PublicOf } from './envelope-signature';
import type { RequestEntry } from './streams.protocol';

describe('Envelope signatures', () => {
  const gateway = generateEd25519();
  const orders = generateEd25519();
  const verifier = new EnvelopeVerifier(`gateway:${gateway.publicKey},orders:${orders.publicKey}`);
  const actor = { userId: 'u1', name: 'Amina', type: 'owner', storeIds: ['s1'] };

  function entry(pattern: string, signer?: EnvelopeSigner, deadline = Date.now() + 5000): RequestEntry {
    const signed = { pattern, deadline: String(deadline), data: JSON.stringify({ actor, data: {} }) };
    return {
      id: 'r1',
      ...signed,
      replyTo: 'rpc:replies:c1',
      requestId: 'q1',
      signer: signer?.signer,
      signature: signer?.sign(signed),
    };
  }

  it('accepts what the gateway signed, for any pattern', () => {
    const signer = new EnvelopeSigner('gateway', gateway.privateKey);
    expect(verifier.refusalOf(entry('orders.order.list.v1', signer), true)).toBeUndefined();
    expect(ed25519PublicOf(gateway.privateKey)).toBe(gateway.publicKey);
  });

  it('refuses a changed actor, a foreign key, and an unsigned request that carries an actor', () => {
    const signer = new EnvelopeSigner('gateway', gateway.privateKey);
    const changed = entry('orders.order.list.v1', signer);
    changed.data = changed.data.replace('s1', 's2');
    expect(verifier.refusalOf(changed, true)).toBe('bad-signature');
    const impostor = new EnvelopeSigner('gateway', generateEd25519().privateKey);
    expect(verifier.refusalOf(entry('orders.order.list.v1', impostor), true)).toBe('bad-signature');
    expect(verifier.refusalOf(entry('orders.order.list.v1'), true)).toBe('unsigned');
    expect(verifier.refusalOf(entry('orders.health.ping.v1'), true)).toBe('unsigned');
    expect(verifier.refusalOf(entry('orders.health.ping.v1'), false)).toBeUndefined();
  });

  it('lets a service sign only the patterns it may call, and refuses signers it does not know', () => {
    const signer = new EnvelopeSigner('orders', orders.privateKey);
    expect(verifier.refusalOf(entry('delivery-zr.delivery.check.v1', signer), true)).toBeUndefined();
    expect(verifier.refusalOf(entry('delivery-zr.account.list.v1', signer), true)).toBe('not-allowed');
    const unknown = new EnvelopeSigner('delivery-zr', generateEd25519().privateKey);
    expect(verifier.refusalOf(entry('orders.order.shipping-details.v1', unknown), true)).toBe(
      'unknown-signer',
    );
  });

  it('refuses a deadline past, or further ahead than any caller waits', () => {
    const signer = new EnvelopeSigner('gateway', gateway.privateKey);
    expect(verifier.refusalOf(entry('orders.order.list.v1', signer, Date.now() - 1), true)).toBe('expired');
    const farAhead = entry('orders.order.list.v1', signer, Date.now() + 3_600_000);
    expect(verifier.refusalOf(farAhead, true)).toBe('expired');
  });

  it('accepts either key of a signer listed twice, as during a rotation', () => {
    const next = generateEd25519();
    const rotating = new EnvelopeVerifier(`gateway:${next.publicKey},gateway:${gateway.publicKey}`);
    for (const key of [gateway.privateKey, next.privateKey])
      expect(
        rotating.refusalOf(entry('orders.order.list.v1', new EnvelopeSigner('gateway', key)), true),
      ).toBe(undefined);
  });

  it('names a malformed RPC_PUBLIC_KEYS at start-up', () => {
    expect(() => new EnvelopeVerifier(`intruder:${gateway.publicKey}`)).toThrow(/RPC_PUBLIC_KEYS/);
    expect(() => new EnvelopeVerifier('gateway:c2hvcnQ=')).toThrow(/32 bytes/);
  });
});
