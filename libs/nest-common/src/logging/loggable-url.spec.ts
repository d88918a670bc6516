import { loggableUrl } from './loggable-url';

describe('loggableUrl', () => {
  it('keeps paths and harmless parameters as they are', () => {
    expect(loggableUrl('/api/orders/youcan')).toBe('/api/orders/youcan');
    expect(loggableUrl('/api/orders/youcan?status=pending&limit=50&cursor=abc&storeId=s1')).toBe(
      '/api/orders/youcan?status=pending&limit=50&cursor=abc&storeId=s1',
    );
    expect(loggableUrl('/api/stores/youcan/init?storename=ma-boutique')).toBe(
      '/api/stores/youcan/init?storename=ma-boutique',
    );
  });

  it("redacts the OAuth callback's code and state", () => {
    expect(loggableUrl('/api/stores/youcan/callback?code=def502abc&state=eyJvd24.sig')).toBe(
      '/api/stores/youcan/callback?code=[redacted]&state=[redacted]',
    );
  });

  it('keeps an invitation page without its token, and other paths as they are', () => {
    expect(loggableUrl(`/invitations/${'k'.repeat(43)}`)).toBe('/invitations/[redacted]');
    expect(loggableUrl(`/invitations/${'k'.repeat(43)}?status=x`)).toBe('/invitations/[redacted]?status=x');
    expect(loggableUrl('/api/invitations/open')).toBe('/api/invitations/open');
  });

  it("keeps a webhook address's store but not its key", () => {
    expect(loggableUrl('/api/webhooks/youcan?store=3f2b&key=Zm9v-YmFy_42')).toBe(
      '/api/webhooks/youcan?store=3f2b&key=[redacted]',
    );
  });

  it('redacts tokens, passwords, keys and search terms, whatever their case or encoding', () => {
    expect(
      loggableUrl(
        '/api/events?token=eyJhbGci&Password=x&api%5Fkey=k&q=Yacine%20Bouzid&search=Amina&status=new',
      ),
    ).toBe(
      '/api/events?token=[redacted]&Password=[redacted]&api%5Fkey=[redacted]&q=[redacted]&search=[redacted]&status=new',
    );
  });

  it('redacts parameters it does not know, and names without values keep their place', () => {
    expect(loggableUrl('/x?newthing=secret&flag&storeId=1')).toBe(
      '/x?newthing=[redacted]&flag=[redacted]&storeId=1',
    );
    expect(loggableUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=[redacted]');
  });
});
