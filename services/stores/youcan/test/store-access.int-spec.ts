import {
  authorizeStore,
  consentOnYoucan,
  deliverWebhook,
  followCallback,
  linkStore,
  ordersOf,
  pipelineIdle,
  query,
  registerUser,
  sandbox,
  TestSystem,
  type TestUser,
  waitFor,
} from '@tawsil/testing';
import { createHash } from 'node:crypto';

describe('Who may link, see and delete stores', () => {
  let system: TestSystem;
  let owner: TestUser;
  let otherOwner: TestUser;
  let confirmateur: TestUser;
  let merchant: TestUser;
  let keptStore: string;
  let deletedStore: string;
  let othersStore: string;

  beforeAll(async () => {
    system = await TestSystem.shared({
      services: ['identity', 'orders', 'stores-youcan'],
      youcanSandbox: true,
    });
    [owner, otherOwner, confirmateur, merchant] = await Promise.all([
      registerUser(system, 'Nadia Mansouri'),
      registerUser(system, 'Walid Kaci'),
      registerUser(system, 'Lydia Agent', true),
      registerUser(system, 'Samia Haddad'),
    ]);
    keptStore = await linkStore(system, owner, 'souk-garde');
    deletedStore = await linkStore(system, owner, 'souk-ferme');
    othersStore = await linkStore(system, otherOwner, 'souk-voisin');
    for (const [slug, storeId] of [
      ['souk-garde', keptStore],
      ['souk-ferme', deletedStore],
      ['souk-voisin', othersStore],
    ]) {
      await sandbox(system, 'POST', `/_sandbox/stores/${slug}/orders`, { count: 5 });
      await waitFor(
        `orders of ${slug}`,
        () => ordersOf(system, storeId),
        (count) => count === 5,
      );
    }
    await query(
      system,
      `insert into identity.memberships (confirmateur_id, store_id, owner_id) values ($1, $2, $4), ($1, $3, $4)`,
      [confirmateur.id, keptStore, deletedStore, owner.id],
    );
  });

  const call = (method: string, path: string, user?: TestUser) =>
    system.request(method, path, undefined, user?.token);

  it('refuses a confirmateur every store call with 403', async () => {
    for (const [method, path] of [
      ['POST', '/api/stores/youcan/init?storename=souk-agent'],
      ['GET', '/api/stores/youcan'],
      ['DELETE', `/api/stores/youcan/${keptStore}`],
    ]) {
      const answer = await call(method, path, confirmateur);
      expect([path, answer.status, answer.body.message]).toEqual([
        path,
        403,
        'Only store owners can manage stores',
      ]);
    }
  });

  it('shows each owner only its own stores, and answers 404 for another owner’s', async () => {
    const mine = (await call('GET', '/api/stores/youcan', owner)).body as unknown as { _id: string }[];
    expect(mine.map((store) => store._id).sort()).toEqual([keptStore, deletedStore].sort());
    const theirs = (await call('GET', '/api/stores/youcan', otherOwner)).body as unknown as { _id: string }[];
    expect(theirs.map((store) => store._id)).toEqual([othersStore]);

    const refused = await call('DELETE', `/api/stores/youcan/${othersStore}`, owner);
    expect(refused).toMatchObject({ status: 404, body: { message: 'Store not found' } });
    expect(await ordersOf(system, othersStore)).toBe(5);
  });

  it('refuses bad input and anonymous calls with a message naming the problem', async () => {
    expect(await call('POST', '/api/stores/youcan/init?storename=souk%20alger', owner)).toMatchObject({
      status: 400,
      body: { message: 'storename may contain only letters, digits and dashes' },
    });
    expect(await call('POST', '/api/stores/youcan/init', owner)).toMatchObject({
      status: 400,
      body: { message: 'storename is required' },
    });
    expect((await call('DELETE', '/api/stores/youcan/not-a-uuid', owner)).status).toBe(400);
    expect((await call('GET', '/api/stores/youcan')).status).toBe(401);
  });

  const storesNamed = async (name: string) =>
    (await query(system, `select owner_id from stores_youcan.stores where name = $1`, [name])).map(
      (row) => row.owner_id,
    );

  it('binds a link attempt to the browser: an HttpOnly, SameSite=Lax cookie for the callback only, PKCE S256', async () => {
    const init = await call('POST', '/api/stores/youcan/init?storename=souk-cookie', merchant);
    expect(init.status).toBe(200);
    const [setCookie] = init.headers.getSetCookie();
    expect(setCookie).toMatch(/^tawsil_store_link=[A-Za-z0-9_-]{43};/);
    const attributes = setCookie
      .split(/;\s*/)
      .slice(1)
      .map((part) => part.toLowerCase());
    expect(attributes).toEqual(
      expect.arrayContaining(['max-age=600', 'path=/api/stores/youcan/callback', 'httponly', 'samesite=lax']),
    );
    expect(attributes).not.toContain('secure'); // plain HTTP here; Secure whenever the browser came over TLS
    const authUrl = new URL(init.body.authUrl as string);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const nonce = setCookie.split(';')[0].split('=')[1];
    const [attempt] = await query(
      system,
      `select nonce_hash, code_verifier, expires_at - created_at as lifetime from stores_youcan.link_attempts where state = $1`,
      [authUrl.searchParams.get('state')],
    );
    expect(attempt.nonce_hash).toBe(createHash('sha256').update(nonce).digest('hex'));
    expect(attempt.code_verifier).toMatch(/^v1:/); // sealed
    expect(attempt.lifetime).toEqual({ minutes: 10 });
  });

  it('refuses a link completed in another browser, and links nothing: no cookie, or another attempt’s', async () => {
    // The attack: someone starts a link and sends YouCan's consent link to a merchant, who approves.
    const noCookie = await authorizeStore(system, otherOwner, 'souk-piege', 'authorize', {
      cookie: undefined,
    });
    expect(noCookie.landing.pathname).toBe('/link-store');
    expect(noCookie.landing.searchParams.get('error')).toBe('link_other_browser');

    const { cookie: merchantsOwnCookie } = await consentOnYoucan(system, merchant, 'souk-a-moi', 'cancel');
    const otherCookie = await authorizeStore(system, otherOwner, 'souk-piege', 'authorize', {
      cookie: merchantsOwnCookie,
    });
    expect(otherCookie.landing.searchParams.get('error')).toBe('link_other_browser');
    expect(await storesNamed('souk-piege')).toEqual([]);

    // The merchant can still link the store to their own account.
    const own = await authorizeStore(system, merchant, 'souk-piege');
    expect(own.landing.searchParams.get('linked')).toBe('souk-piege');
    expect(await storesNamed('souk-piege')).toEqual([merchant.id]);
  });

  it('keeps the owner’s link cookie when their browser loads a stranger’s callback: the owner still links', async () => {
    /** Loads a callback in a browser holding `cookie`; answers where it lands and the cookie it keeps. */
    const load = async (callback: URL, cookie: string | undefined) => {
      const answer = await fetch(callback, { redirect: 'manual', headers: cookie ? { cookie } : {} });
      const set = answer.headers.getSetCookie().find((line) => line.startsWith('tawsil_store_link='));
      const cleared = set !== undefined && /^tawsil_store_link=;|max-age=0/i.test(set);
      return {
        landing: new URL(answer.headers.get('location')!, system.gatewayUrl),
        cookie: cleared ? undefined : set ? set.split(';')[0] : cookie,
      };
    };
    // The owner pressed Add Store and consented; before YouCan's redirect lands, the same browser
    // opens a callback someone else sent them (their own attempt, or a forged state).
    const own = await consentOnYoucan(system, merchant, 'souk-patiente');
    const strangers = await consentOnYoucan(system, otherOwner, 'souk-etranger');
    const strangerLoaded = await load(strangers.callback, own.cookie);
    expect(strangerLoaded.landing.searchParams.get('error')).toBe('link_other_browser');
    expect(strangerLoaded.cookie).toBe(own.cookie);
    const forged = new URL(own.callback);
    forged.searchParams.set('state', 'forged-state');
    const forgedLoaded = await load(forged, strangerLoaded.cookie);
    expect(forgedLoaded.landing.searchParams.get('error')).toBe('link_invalid');
    expect(forgedLoaded.cookie).toBe(own.cookie);

    // The owner's own consent completes, and only that clears the cookie.
    const completed = await load(own.callback, forgedLoaded.cookie);
    expect(completed.landing.searchParams.get('linked')).toBe('souk-patiente');
    expect(completed.cookie).toBeUndefined();
    expect(await storesNamed('souk-patiente')).toEqual([merchant.id]);
    expect(await storesNamed('souk-etranger')).toEqual([]);
  });

  it('completes an attempt once: a replayed callback, or two at the same moment, link once', async () => {
    const first = await authorizeStore(system, merchant, 'souk-rejoue');
    expect(first.landing.searchParams.get('linked')).toBe('souk-rejoue');
    const replay = await followCallback(system, first.callback, first.cookie);
    expect(replay.searchParams.get('error')).toBe('link_used');

    const { callback, cookie } = await consentOnYoucan(system, merchant, 'souk-double');
    const landings = await Promise.all([1, 2].map(() => followCallback(system, callback, cookie)));
    expect(landings.map((landing) => landing.search).sort()).toEqual(
      ['?error=link_used', '?linked=souk-double'].sort(),
    );
    expect(await storesNamed('souk-rejoue')).toEqual([merchant.id]);
    expect(await storesNamed('souk-double')).toEqual([merchant.id]);
  });

  it('writes no store-link nonce to any log, and no code or state to the stores service’s', async () => {
    const { callback, cookie, landing } = await authorizeStore(system, merchant, 'souk-discret');
    expect(landing.searchParams.get('linked')).toBe('souk-discret');
    const nonce = cookie.split('=')[1];
    const logsOf = (name: string) =>
      system.processes
        .filter((process) => name === '*' || process.name === name)
        .flatMap((process) => process.logs.map((line) => JSON.stringify(line)))
        .join('\n');
    expect(logsOf('*')).not.toContain(nonce);
    const storesLogs = logsOf('stores-youcan');
    expect(storesLogs).toContain('YouCan store linked');
    for (const secret of [callback.searchParams.get('code')!, callback.searchParams.get('state')!])
      expect(storesLogs).not.toContain(secret);
  });

  it('sends the browser back with an error code for a refused consent, an expired attempt or a forged state, linking nothing', async () => {
    const refused = await authorizeStore(system, merchant, 'souk-refus', 'cancel');
    expect(refused.landing.searchParams.get('error')).toBe('youcan_refused');

    const late = await consentOnYoucan(system, merchant, 'souk-tard');
    await query(
      system,
      `update stores_youcan.link_attempts set expires_at = now() - interval '1 second' where state = $1`,
      [late.callback.searchParams.get('state')],
    );
    expect((await followCallback(system, late.callback, late.cookie)).searchParams.get('error')).toBe(
      'link_expired',
    );

    const forged = await consentOnYoucan(system, merchant, 'souk-vole');
    forged.callback.searchParams.set('state', 'forged-state');
    expect((await followCallback(system, forged.callback, forged.cookie)).searchParams.get('error')).toBe(
      'link_invalid',
    );
    for (const name of ['souk-refus', 'souk-tard', 'souk-vole']) expect(await storesNamed(name)).toEqual([]);
  });

  it('deletes a store with its orders, memberships and webhook, touching nothing else', async () => {
    await sandbox(system, 'POST', '/_sandbox/tokens/expire');
    const answer = await call('DELETE', `/api/stores/youcan/${deletedStore}`, owner);
    expect(answer).toMatchObject({ status: 200, body: { storeId: deletedStore } });

    await waitFor(
      'its orders to go',
      () => ordersOf(system, deletedStore),
      (count) => count === 0,
    );
    const memberships = await waitFor(
      'its memberships to go',
      () =>
        query(system, 'select store_id from identity.memberships where confirmateur_id = $1', [
          confirmateur.id,
        ]),
      (rows) => rows.length === 1,
    );
    expect(memberships).toEqual([{ store_id: keptStore }]);
    expect([await ordersOf(system, keptStore), await ordersOf(system, othersStore)]).toEqual([5, 5]);

    const hooks = (await sandbox(system, 'GET', '/_sandbox/stores')) as unknown as {
      slug: string;
      hooks: unknown[];
    }[];
    expect(hooks.find((store) => store.slug === 'souk-ferme')!.hooks).toEqual([]);
    expect(hooks.find((store) => store.slug === 'souk-garde')!.hooks).toHaveLength(1);

    const stores = (await call('GET', '/api/stores/youcan', owner)).body as unknown as { _id: string }[];
    expect(stores.map((store) => store._id)).toEqual([keptStore]);
    expect((await call('DELETE', `/api/stores/youcan/${deletedStore}`, owner)).status).toBe(404);
  });

  it('does not bring a deleted store’s orders back when a late webhook arrives', async () => {
    const late = JSON.stringify({
      id: 'late-order',
      ref: '9',
      created_at: '2026-11-22T08:00:00Z',
      total: 100,
    });
    expect((await deliverWebhook(system, deletedStore, late)).status).toBe(200);
    await waitFor(
      'the queues to drain',
      () => pipelineIdle(system),
      (idle) => idle,
    );
    expect(await ordersOf(system, deletedStore)).toBe(0);
  });
});
