import { withoutInvitationToken } from './logger';

describe('Request URLs in logs', () => {
  it('keep an invitation page without its token', () => {
    expect(withoutInvitationToken(`/invitations/${'k'.repeat(43)}`)).toBe('/invitations/[redacted]');
    expect(withoutInvitationToken(`/invitations/${'k'.repeat(43)}?x=1`)).toBe('/invitations/[redacted]?x=1');
  });

  it('leave other paths as they are', () => {
    expect(withoutInvitationToken('/api/invitations/open')).toBe('/api/invitations/open');
    expect(withoutInvitationToken('/orders?status=pending')).toBe('/orders?status=pending');
  });
});
