import { createHmac } from 'node:crypto';
import { isGenuineYoucanDelivery, phpJsonEncode } from './youcan-signature';

const secret = 'client-secret';
const sign = (text: string) => createHmac('sha256', secret).update(text).digest('hex');
const order = {
  id: 'a1',
  customer: { full_name: 'Chaïma Saïdi عطر', city: 'Sétif' },
  link: 'https://x.dz/o/1',
};

describe('YouCan webhook signature', () => {
  it('accepts a signature of the raw body', () => {
    const raw = JSON.stringify(order);
    expect(isGenuineYoucanDelivery(Buffer.from(raw), sign(raw), secret)).toBe(true);
  });

  it("accepts a signature of PHP's re-encoding, as YouCan's docs compute it", () => {
    const php = phpJsonEncode(order);
    expect(php).toContain('Cha\\u00efma');
    expect(php).toContain('\\u0639\\u0637\\u0631');
    expect(php).toContain('https:\\/\\/x.dz');
    const raw = Buffer.from(JSON.stringify(order, null, 2));
    expect(isGenuineYoucanDelivery(raw, sign(php), secret)).toBe(true);
  });

  it('refuses a forged, missing or truncated signature, and another secret', () => {
    const raw = JSON.stringify(order);
    const genuine = sign(raw);
    expect(isGenuineYoucanDelivery(Buffer.from(raw), 'f'.repeat(64), secret)).toBe(false);
    expect(isGenuineYoucanDelivery(Buffer.from(raw), undefined, secret)).toBe(false);
    expect(isGenuineYoucanDelivery(Buffer.from(raw), genuine.slice(0, 32), secret)).toBe(false);
    expect(isGenuineYoucanDelivery(Buffer.from(raw), genuine, 'other-secret')).toBe(false);
  });
});
