import { TestSystem } from '@tawsil/testing';
import {
  authorizeStore,
  deliverWebhook,
  linkStore,
  ordersOf,
  pipelineIdle,
  query,
  registerUser,
  sandbox,
  waitFor,
  type TestUser,
} from './youcan-flow';

describe('Who may link, see and delete stores', () => {
  let system: TestSystem;
  let owner: TestUser;
  let otherOwner: TestUser;
  let confirmateur: TestUser;
  let keptStore: string;
  let deletedStore: string;
  let othersStore: string;

  beforeAll(async () => {
    system = await TestSystem.start({
      services: ['identity', 'orders', 'stores-youcan'],
      youcanSandbox: true,
    });
    [owner, otherOwner, confirmateur] = await Promise.all([
      registerUser(system, 'Nadia Mansouri'),
      registerUser(system, 'Walid Kaci'),
      registerUser(system, 'Lydia Agent', true),
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
  afterAll(() => system?.stop());

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

  it('sends the browser back with an error for a refused consent or a forged state, linking nothing', async () => {
    const refused = await authorizeStore(system, owner, 'souk-refus', 'cancel');
    expect(refused.landing.searchParams.get('error')).toBe(
      'The store was not connected: access was refused on YouCan.',
    );

    const { callback } = await authorizeStore(system, owner, 'souk-vole');
    await query(system, `delete from stores_youcan.stores where name = 'souk-vole'`);
    callback.searchParams.set('state', 'forged.state');
    const forged = await fetch(callback, { redirect: 'manual' });
    expect(new URL(forged.headers.get('location')!, system.gatewayUrl).searchParams.get('error')).toBe(
      'This authorization link is invalid or has expired: add the store again.',
    );
    const names = await query(system, `select name from stores_youcan.stores where owner_id = $1`, [
      owner.id,
    ]);
    expect(names.map((row) => row.name).sort()).toEqual(['souk-ferme', 'souk-garde']);
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
