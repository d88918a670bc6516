import { withoutInvitationToken, withoutWebhookKey } from './logger';

describe('Request URLs in logs', () => {
  it("keep a webhook address but not the store's key", () => {
    expect(withoutWebhookKey('/api/webhooks/youcan?store=3f2b&key=Zm9v-YmFy_42')).toBe(
      '/api/webhooks/youcan?store=3f2b&key=[redacted]',
    );
    expect(withoutWebhookKey('/api/webhooks/youcan?key=abc&store=3f2b')).toBe(
      '/api/webhooks/youcan?key=[redacted]&store=3f2b',
    );
    expect(withoutWebhookKey('/api/orders/youcan?monkey=1&q=x')).toBe('/api/orders/youcan?monkey=1&q=x');
  });

  it('keep an invitation page without its token', () => {
    expect(withoutInvitationToken(`/invitations/${'k'.repeat(43)}`)).toBe('/invitations/[redacted]');
    expect(withoutInvitationToken(`/invitations/${'k'.repeat(43)}?x=1`)).toBe('/invitations/[redacted]?x=1');
  });

  it('leave other paths as they are', () => {
    expect(withoutInvitationToken('/api/invitations/open')).toBe('/api/invitations/open');
    expect(withoutInvitationToken('/orders?status=pending')).toBe('/orders?status=pending');
  });
});
