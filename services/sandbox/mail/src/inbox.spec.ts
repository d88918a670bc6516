import { Inbox, linksIn, type CaughtMessage } from './inbox';

const message = (to: string, subject: string): CaughtMessage => ({
  to: [to],
  from: 'no-reply@tawsil.test',
  subject,
  text: '',
  html: '',
  links: [],
  receivedAt: new Date().toISOString(),
});

describe('mail sandbox inbox', () => {
  it('finds the links of a text without the punctuation that ends its sentence', () => {
    expect(
      linksIn('Open http://localhost:3000/reset-password?token=a_b-c. Or (https://x.dz/y), then'),
    ).toEqual(['http://localhost:3000/reset-password?token=a_b-c', 'https://x.dz/y']);
  });

  it('lists one address newest first, whatever its case, and keeps the latest 1,000', () => {
    const inbox = new Inbox();
    for (let n = 0; n < 1005; n++) inbox.add(message(n % 2 ? 'Amina@Shop.dz' : 'karim@shop.dz', `n${n}`));
    expect(inbox.list().length).toBe(1000);
    const amina = inbox.list('amina@shop.dz');
    expect(amina[0].subject).toBe('n1003');
    expect(amina.at(-1)!.subject).toBe('n5');
  });
});
