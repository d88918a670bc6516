import type { InvitationPreview, InvitationView } from '@tawsil/contracts/identity';
import {
  invitationTokenIn,
  query,
  registerUser,
  storeWithOrders,
  TestSystem,
  type TestUser,
  waitFor,
} from '@tawsil/testing';

describe('Agents join a store by invitation', () => {
  let system: TestSystem;
  let owner: TestUser;
  let otherOwner: TestUser;
  let storeId: string;

  beforeAll(async () => {
    system = await TestSystem.shared({
      youcanSandbox: true,
      services: ['identity', 'orders', 'stores-youcan'],
    });
    [owner, otherOwner] = await Promise.all([
      registerUser(system, 'Amina Owner'),
      registerUser(system, 'Walid Owner'),
    ]);
    ({ storeId } = await storeWithOrders(system, owner, 'invite-main', 3));
  });

  const invite = (email: string, by = owner) =>
    system.request('POST', `/api/confirmateur/${storeId}`, { email }, by.token);
  const pending = async () =>
    (await system.request('GET', '/api/confirmateur/invitations', undefined, owner.token))
      .body as unknown as InvitationView[];
  const ordersSeenBy = (user: { token: string }) =>
    system.request('GET', '/api/orders/youcan?limit=500', undefined, user.token);
  /** Orders learns of a new membership from identity's event, within moments. */
  const seesTheStoreOrders = (user: { token: string }) =>
    waitFor(
      "the store's orders in the new member's list",
      () => ordersSeenBy(user),
      (answer) => answer.status === 200 && (answer.body as unknown as unknown[]).length === 3,
      5_000,
    );
  const linkTokenFor = async (email: string, after = new Set<string>()) => {
    const mail = await system.waitForMail(email, (candidate) =>
      candidate.links.some((link) => !after.has(link)),
    );
    return invitationTokenIn(mail.links)!;
  };
  const linksOf = async (email: string) =>
    new Set((await system.mailbox(email)).flatMap((mail) => mail.links));
  const open = (token: string) => system.request('POST', '/api/invitations/open', { token });
  const accept = (token: string, user: { token: string }) =>
    system.request('POST', '/api/invitations/accept', { token }, user.token);

  it('shows an invited agent nothing of the store until they accept', async () => {
    const agent = await registerUser(system, 'Yacine Agent', true);
    const invited = await invite(agent.email);
    expect(invited.status).toBe(202);
    expect(invited.body).toMatchObject({
      storeId,
      invitation: { storeId, storeName: 'invite-main', email: agent.email },
    });
    expect((await pending()).map((invitation) => invitation.email)).toContain(agent.email);

    const token = await linkTokenFor(agent.email);
    const mail = (await system.mailbox(agent.email))[0];
    expect(mail.subject).toBe('Amina Owner invites you to confirm orders for invite-main on Tawsil');
    expect(mail.links).toEqual([`${system.gatewayUrl}/invitations/${token}`]);

    // Invited but not yet accepted: no order, no store, not among the owner's confirmateurs.
    expect((await ordersSeenBy(agent)).body).toEqual([]);
    expect(
      (await system.request('GET', `/api/orders/youcan?storeId=${storeId}`, undefined, agent.token)).status,
    ).toBe(404);
    const team = await system.request('GET', '/api/confirmateur', undefined, owner.token);
    expect((team.body as unknown as { email: string }[]).map((member) => member.email)).not.toContain(
      agent.email,
    );

    const preview = await open(token);
    expect(preview.body).toMatchObject<Partial<InvitationPreview>>({
      email: agent.email,
      storeName: 'invite-main',
      invitedBy: 'Amina Owner',
      state: 'pending',
      hasAccount: true,
    });

    const accepted = await accept(token, agent);
    expect(accepted).toMatchObject({ status: 200, body: { storeId, storeName: 'invite-main' } });
    await seesTheStoreOrders(agent);
    expect((await pending()).map((invitation) => invitation.email)).not.toContain(agent.email);
    expect((await accept(token, agent)).body).toEqual({
      message: 'This invitation was already accepted',
      code: 'invitations.already_accepted',
    });
  });

  it('answers the same whether the address is unknown, an agent, an owner or already a member', async () => {
    const agent = await registerUser(system, 'Karim Agent', true);
    const answers = await Promise.all(
      ['nobody-yet@shop.dz', agent.email, otherOwner.email, owner.email].map(async (email) => {
        const answer = await invite(email);
        const {
          _id,
          email: invited,
          invitedAt,
          expiresAt,
          ...rest
        } = answer.body.invitation as InvitationView;
        expect([_id, invited, invitedAt, expiresAt].every(Boolean)).toBe(true);
        return { status: answer.status, message: answer.body.message, invitation: rest };
      }),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0].status).toBe(202);
    // Each address gets its mail; the owner learns nothing more than that it was sent.
    await Promise.all(
      ['nobody-yet@shop.dz', agent.email, otherOwner.email].map((email) => system.waitForMail(email)),
    );
  });

  it('refuses a revoked invitation, and an expired one until it is sent again', async () => {
    const agent = await registerUser(system, 'Lydia Agent', true);
    await invite(agent.email);
    const revokedToken = await linkTokenFor(agent.email);
    const invitation = (await pending()).find((entry) => entry.email === agent.email)!;
    const revoked = await system.request(
      'DELETE',
      `/api/confirmateur/invitations/${invitation._id}`,
      undefined,
      owner.token,
    );
    expect(revoked.status).toBe(200);
    expect((await open(revokedToken)).body).toMatchObject({ state: 'revoked' });
    expect(await accept(revokedToken, agent)).toMatchObject({
      status: 409,
      body: { message: 'This invitation was withdrawn by the store owner' },
    });

    const before = await linksOf(agent.email);
    await invite(agent.email);
    const expiredToken = await linkTokenFor(agent.email, before);
    await query(
      system,
      `update identity.invitations set expires_at = now() - interval '1 second' where email = $1 and revoked_at is null`,
      [agent.email],
    );
    expect(await accept(expiredToken, agent)).toMatchObject({
      status: 409,
      body: { message: 'This invitation has expired: ask the store owner to send it again' },
    });
    expect((await ordersSeenBy(agent)).body).toEqual([]);

    const renewed = (await pending()).find((entry) => entry.email === agent.email)!;
    const sentAgain = await linksOf(agent.email);
    const resent = await system.request(
      'POST',
      `/api/confirmateur/invitations/${renewed._id}/resend`,
      undefined,
      owner.token,
    );
    expect(resent.status).toBe(202);
    const freshToken = await linkTokenFor(agent.email, sentAgain);
    expect(await accept(expiredToken, agent)).toMatchObject({
      status: 404,
      body: { message: 'This invitation link is not valid: ask the store owner for a new one' },
    });
    expect((await accept(freshToken, agent)).status).toBe(200);
    await seesTheStoreOrders(agent);
  });

  it('lets someone without an account register from the link, as a member at once', async () => {
    const email = 'sara.new@shop.dz';
    await invite(email);
    const token = await linkTokenFor(email);
    expect((await open(token)).body).toMatchObject({ email, hasAccount: false, state: 'pending' });

    const register = (body: object) =>
      system.request('POST', '/api/invitations/register', { token, ...body });
    expect(await register({ name: 'Tawsil Support', password: 'souk-el-fellah' })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('name must be your own') },
    });
    expect(await register({ name: 'Sara', password: 'sara.new@shop.dz' })).toMatchObject({
      status: 400,
      body: { message: 'password must not be your email address or your name' },
    });
    const created = await register({ name: 'Sara Agent', password: 'appel-client' });
    expect(created).toMatchObject({
      status: 201,
      body: { name: 'Sara Agent', email, type: 'confirmateur', storeId },
    });
    await seesTheStoreOrders({ token: created.body.token as string });
    expect((await register({ name: 'Sara Again', password: 'appel-client' })).status).toBe(409);
    const signedIn = await system.request('POST', '/api/users/login', { email, password: 'appel-client' });
    expect(signedIn.status).toBe(200);
  });

  it('is accepted only by a confirmateur account of the invited address', async () => {
    const invited = await registerUser(system, 'Nadia Agent', true);
    const someoneElse = await registerUser(system, 'Omar Agent', true);
    await invite(invited.email);
    const token = await linkTokenFor(invited.email);
    expect(await accept(token, someoneElse)).toMatchObject({
      status: 403,
      body: {
        message: `This invitation was sent to ${invited.email}: sign in with that address to accept it`,
      },
    });
    expect((await ordersSeenBy(someoneElse)).body).toEqual([]);
    expect((await system.request('POST', '/api/invitations/accept', { token })).status).toBe(401);
    expect((await open('x'.repeat(43))).status).toBe(404);
    expect((await open('not a token')).body).toEqual({
      message: 'token is not a valid invitation token',
      code: 'validation.failed',
      params: { field: 'token', constraint: 'matches' },
    });
  });

  it('keeps invitations to the owner: others cannot invite to, list, revoke or resend them', async () => {
    const agent = await registerUser(system, 'Rania Agent', true);
    expect((await invite('intruder@shop.dz', otherOwner)).status).toBe(404);
    expect((await invite('intruder@shop.dz', agent)).status).toBe(403);
    await invite('target@shop.dz');
    const invitation = (await pending()).find((entry) => entry.email === 'target@shop.dz')!;
    const theirs = await system.request('GET', '/api/confirmateur/invitations', undefined, otherOwner.token);
    expect(theirs.body).toEqual([]);
    for (const [method, path] of [
      ['DELETE', `/api/confirmateur/invitations/${invitation._id}`],
      ['POST', `/api/confirmateur/invitations/${invitation._id}/resend`],
    ])
      expect((await system.request(method, path, undefined, otherOwner.token)).status).toBe(404);
    expect((await pending()).map((entry) => entry.email)).toContain('target@shop.dz');
  });

  it("mails the invitation in its reader's language: their account's, else the owner's", async () => {
    const arabic = await system.request('POST', '/api/users/register', {
      name: 'Nour Agent',
      email: `nour-${Date.now()}@shop.dz`,
      password: 'souk-el-fellah',
      isConfirmateur: true,
      language: 'ar',
    });
    const arabicEmail = arabic.body.email as string;
    await invite(arabicEmail);
    await linkTokenFor(arabicEmail);
    const [toArabic] = await system.mailbox(arabicEmail);
    expect(toArabic.subject).toBe('يدعوك Amina Owner لتأكيد طلبيات invite-main على Tawsil');
    expect(toArabic.text).toContain('افتح هذا الرابط لقبول الدعوة (صالح لمدة 7 أيام):');
    expect(toArabic.html).toContain('<html lang="ar" dir="rtl">');

    const setOwnerLanguage = (language: string) =>
      system.request('PUT', '/api/users/me/language', { language }, owner.token);
    expect((await setOwnerLanguage('fr')).status).toBe(200);
    try {
      const newcomer = `newcomer-${Date.now()}@shop.dz`;
      await invite(newcomer);
      await linkTokenFor(newcomer);
      const [toNewcomer] = await system.mailbox(newcomer);
      expect(toNewcomer.subject).toBe(
        'Amina Owner vous invite à confirmer les commandes de invite-main sur Tawsil',
      );
      expect(toNewcomer.html).toContain('<html lang="fr" dir="ltr">');
    } finally {
      await setOwnerLanguage('en');
    }
  });
});
