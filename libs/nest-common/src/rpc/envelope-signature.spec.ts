import { generateEd25519 } from '@tawsil/testing';
import { createHash, sign } from 'node:crypto';
import { ed25519PrivateKey } from './ed25519-keys';
import { EnvelopeSigner, EnvelopeVerifier, ed25519PublicOf } from './envelope-signature';
import type { RequestEntry } from './streams.protocol';

describe('Envelope signatures', () => {
  const gateway = generateEd25519();
  const orders = generateEd25519();
  const verifier = new EnvelopeVerifier(`gateway:${gateway.publicKey},orders:${orders.publicKey}`);
  const actor = { userId: 'u1', name: 'Amina', type: 'owner', storeIds: ['s1'] };

  function entry(pattern: string, signer?: EnvelopeSigner, deadline = Date.now() + 5000): RequestEntry {
    const unsigned = {
      id: 'r1',
      pattern,
      data: JSON.stringify({ actor, data: {} }),
      replyTo: `rpc:replies:${signer?.signer ?? 'gateway'}:c1`,
      deadline: String(deadline),
      requestId: 'q1',
    };
    return { ...unsigned, signer: signer?.signer, signature: signer?.sign(unsigned) };
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

  it.each([
    ['replyTo', 'rpc:replies:gateway:attacker'],
    ['replyTo', 'rpc:replies:attacker'],
    ['id', 'r2'],
    ['pattern', 'orders.order.get.v1'],
    ['deadline', String(Date.now() + 9000)],
    ['requestId', 'q2'],
    ['signer', 'orders'],
  ] as const)('refuses a captured entry replayed with another %s', (field, value) => {
    const replayed = { ...entry('orders.order.list.v1', new EnvelopeSigner('gateway', gateway.privateKey)) };
    replayed[field] = value;
    expect(verifier.refusalOf(replayed, true)).toBe('bad-signature');
  });

  it("refuses a request whose answer would go to a channel that is not its signer's", () => {
    const signer = new EnvelopeSigner('gateway', gateway.privateKey);
    const unsigned = { ...entry('orders.order.list.v1'), replyTo: 'rpc:replies:orders:c1' };
    const signed = { ...unsigned, signer: 'gateway', signature: signer.sign(unsigned) };
    expect(verifier.refusalOf(signed, true)).toBe('wrong-reply-channel');
  });

  it('refuses a signature of the previous version (pattern, deadline and data only)', () => {
    const signer = new EnvelopeSigner('gateway', gateway.privateKey);
    const v2 = entry('orders.order.list.v1', signer);
    const digest = createHash('sha256').update(v2.data).digest('base64');
    const v1Bytes = Buffer.from(['tawsil-rpc-v1', 'gateway', v2.pattern, v2.deadline, digest].join('\n'));
    const v1 = {
      ...v2,
      signature: sign(null, v1Bytes, ed25519PrivateKey(gateway.privateKey)).toString('base64'),
    };
    expect(verifier.refusalOf(v1, true)).toBe('bad-signature');
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
