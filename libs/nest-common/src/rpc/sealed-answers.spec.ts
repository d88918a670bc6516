import { generateEd25519 } from '@tawsil/testing';
import { createPublicKey, diffieHellman, generateKeyPairSync } from 'node:crypto';
import { ed25519PrivateKey, ed25519PublicKey, rawOf, x25519PrivateOf, x25519PublicOf } from './ed25519-keys';
import { EnvelopeSigner, EnvelopeVerifier } from './envelope-signature';
import { AnswerOpener, sealAnswer } from './sealed-answers';

describe('Answers sealed for the caller', () => {
  const gateway = generateEd25519();
  const LOGIN = 'identity.user.login.v1';
  const answerKeyOf = (publicKey: string) => x25519PublicOf(ed25519PublicKey(publicKey));
  const signedIn = { _id: 'u1', name: 'Amina', token: 'eyJ.access.token', sessionId: 's1' };

  it("maps an Ed25519 pair to an X25519 pair: the public key is the private key's", () => {
    for (let i = 0; i < 20; i++) {
      const { privateKey, publicKey } = generateEd25519();
      const fromPrivate = createPublicKey(x25519PrivateOf(ed25519PrivateKey(privateKey)));
      expect(rawOf(x25519PublicOf(ed25519PublicKey(publicKey)))).toEqual(rawOf(fromPrivate));
    }
    // And the exchange agrees both ways.
    const other = generateKeyPairSync('x25519');
    const mine = x25519PrivateOf(ed25519PrivateKey(gateway.privateKey));
    expect(diffieHellman({ privateKey: mine, publicKey: other.publicKey })).toEqual(
      diffieHellman({ privateKey: other.privateKey, publicKey: answerKeyOf(gateway.publicKey) }),
    );
  });

  it('seals the token of a sign-in for the key that signed the request, and opens it there only', () => {
    const sealed = sealAnswer(LOGIN, signedIn, answerKeyOf(gateway.publicKey)) as typeof signedIn;
    expect(sealed.token).toMatch(/^sealed:x1:/);
    expect(JSON.stringify(sealed)).not.toContain('access.token');
    expect({ ...sealed, token: undefined }).toEqual({ ...signedIn, token: undefined });
    expect(new AnswerOpener(gateway.privateKey).open(LOGIN, sealed)).toEqual(signedIn);
    expect(() => new AnswerOpener(generateEd25519().privateKey).open(LOGIN, sealed)).toThrow();
  });

  it('binds a sealed value to its pattern: moved to another answer it does not open', () => {
    const sealed = sealAnswer(LOGIN, signedIn, answerKeyOf(gateway.publicKey)) as typeof signedIn;
    expect(() => new AnswerOpener(gateway.privateKey).open('identity.user.register.v1', sealed)).toThrow();
  });

  it('refuses an answer whose sealed field came in clear, and leaves other answers as they are', () => {
    const opener = new AnswerOpener(gateway.privateKey);
    expect(() => opener.open(LOGIN, signedIn)).toThrow(`${LOGIN} answered token unsealed`);
    expect(opener.open('orders.order.list.v1', [{ token: 'not-a-credential' }])).toEqual([
      { token: 'not-a-credential' },
    ]);
    expect(sealAnswer('orders.order.list.v1', { token: 't' }, undefined)).toEqual({ token: 't' });
  });

  it('has no answer to give when there is no key to seal it to', () => {
    expect(sealAnswer(LOGIN, signedIn, undefined)).toBeUndefined();
  });

  it('gets the key to seal to from the verification of the request', () => {
    const verifier = new EnvelopeVerifier(`gateway:${gateway.publicKey}`);
    const unsigned = {
      id: 'r1',
      pattern: LOGIN,
      data: '{"data":{}}',
      replyTo: 'rpc:replies:gateway:c1',
      deadline: String(Date.now() + 5000),
      requestId: 'q1',
    };
    const signer = new EnvelopeSigner('gateway', gateway.privateKey);
    const verdict = verifier.verify(
      { ...unsigned, signer: 'gateway', signature: signer.sign(unsigned) },
      false,
    );
    expect(verdict.refusal).toBeUndefined();
    const sealed = sealAnswer(LOGIN, signedIn, 'answerKey' in verdict ? verdict.answerKey : undefined);
    expect(new AnswerOpener(gateway.privateKey).open(LOGIN, sealed)).toEqual(signedIn);
  });
});
