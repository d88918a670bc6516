import { createHmac } from 'node:crypto';
import { isGenuineYoucanDelivery } from './youcan-signature';

const secret = 'client-secret';
const sign = (text: string) => createHmac('sha256', secret).update(text).digest('hex');

describe('YouCan webhook signature', () => {
  it('accepts a signature of the bytes sent, in either case of hex', () => {
    const raw = JSON.stringify({ id: 'a1', customer: { full_name: 'Chaïma Saïdi عطر' } });
    expect(isGenuineYoucanDelivery(Buffer.from(raw), sign(raw), secret)).toBe(true);
    expect(isGenuineYoucanDelivery(Buffer.from(raw), sign(raw).toUpperCase(), secret)).toBe(true);
  });

  it("accepts a body as PHP's json_encode writes it, signed over those bytes", () => {
    const php = '{"id":"a1","customer":{"full_name":"Cha\\u00efma"},"link":"https:\\/\\/x.dz\\/o\\/1"}';
    expect(isGenuineYoucanDelivery(Buffer.from(php), sign(php), secret)).toBe(true);
  });

  it('refuses a signature of the same order written otherwise: the bytes are what is signed', () => {
    const sent = JSON.stringify({ id: 'a1', link: 'https://x.dz' }, null, 2);
    expect(isGenuineYoucanDelivery(Buffer.from(sent), sign(JSON.stringify(JSON.parse(sent))), secret)).toBe(
      false,
    );
  });

  it('refuses a forged, missing or truncated signature, and another secret', () => {
    const raw = JSON.stringify({ id: 'a1' });
    const genuine = sign(raw);
    expect(isGenuineYoucanDelivery(Buffer.from(raw), 'f'.repeat(64), secret)).toBe(false);
    expect(isGenuineYoucanDelivery(Buffer.from(raw), undefined, secret)).toBe(false);
    expect(isGenuineYoucanDelivery(Buffer.from(raw), [genuine], secret)).toBe(false);
    expect(isGenuineYoucanDelivery(Buffer.from(raw), genuine.slice(0, 32), secret)).toBe(false);
    expect(isGenuineYoucanDelivery(Buffer.from(raw), genuine, 'other-secret')).toBe(false);
    expect(isGenuineYoucanDelivery(undefined, genuine, secret)).toBe(false);
  });
});
