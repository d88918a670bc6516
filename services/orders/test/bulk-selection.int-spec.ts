import {
  linkStore,
  ordersOf,
  registerUser,
  sandbox,
  TestSystem,
  type TestUser,
  waitFor,
} from '@tawsil/testing';
import { randomUUID } from 'node:crypto';

const FILTER_REFUSED =
  'filter must be an object of the list filters (q, status, region, from, to, storeId); an empty object for every order';

/**
 * A bulk delete or saisie names its orders, or says "every order matching" with a filter object;
 * nothing else is read as everything, and a delete of more than 100 orders asks for the count.
 */
describe('Bulk selections that mean everything must say so', () => {
  let system: TestSystem;
  let owner: TestUser;
  let other: TestUser;
  let store: string;
  let othersStore: string;

  const fill = async (slug: string, storeId: string, count: number) => {
    await sandbox(system, 'POST', `/_sandbox/stores/${slug}/orders`, { count });
    await waitFor(
      `orders of ${slug}`,
      () => ordersOf(system, storeId),
      (n) => n === count,
    );
  };

  beforeAll(async () => {
    system = await TestSystem.shared({
      services: ['identity', 'orders', 'stores-youcan', 'delivery-zr'],
      youcanSandbox: true,
      zrSandbox: true,
    });
    [owner, other] = await Promise.all([
      registerUser(system, 'Nadia Owner'),
      registerUser(system, 'Rachid Owner'),
    ]);
    store = await linkStore(system, owner, 'bulk-sel-main');
    othersStore = await linkStore(system, other, 'bulk-sel-other');
    await fill('bulk-sel-main', store, 120);
    await fill('bulk-sel-other', othersStore, 5);
  }, 180_000);

  const remove = (body: unknown, user = owner) =>
    system.request('DELETE', '/api/orders/youcan', body, user.token);

  it.each([[[]], [null], ['all'], [7], [[{}]], [{ statuss: 'confirmé' }]])(
    'refuses the filter %j with a 400 naming it, and deletes nothing',
    async (filter) => {
      const answer = await remove({ filter });
      expect(answer).toMatchObject({
        status: 400,
        body: {
          message: FILTER_REFUSED,
          code: 'validation.failed',
          params: { field: 'filter', rule: 'orders.filter_invalid' },
        },
      });
      expect(await ordersOf(system, store)).toBe(120);
      const saisie = await system.request('POST', '/api/ZR/saisie', { filter }, owner.token);
      expect(saisie).toMatchObject({ status: 400, body: { message: FILTER_REFUSED } });
    },
  );

  it('asks for the count before deleting more than 100 orders, then deletes only the caller’s', async () => {
    const asked = await remove({ filter: {} });
    expect(asked).toMatchObject({
      status: 409,
      body: { code: 'orders.delete_confirm', params: { count: 120 } },
    });
    expect(asked.body.message).toBe(
      'This deletes 120 orders: send it again with "confirm" set to that count to go ahead',
    );
    expect(await ordersOf(system, store)).toBe(120);

    // A confirmation of fewer than match now is asked again; a boolean is no count.
    expect((await remove({ filter: {}, confirm: 119 })).status).toBe(409);
    expect(await remove({ filter: {}, confirm: true })).toMatchObject({
      status: 400,
      body: { message: 'confirm must be a whole number' },
    });
    expect(await ordersOf(system, store)).toBe(120);

    const ids = Array.from({ length: 101 }, () => randomUUID());
    expect(await remove({ orderIds: ids })).toMatchObject({ status: 409, body: { params: { count: 101 } } });
    expect(await remove({ orderIds: ids.slice(0, 100) })).toMatchObject({
      status: 200,
      body: { deletedIds: [] },
    });

    const done = await remove({ filter: {}, confirm: 120 });
    expect(done.status).toBe(200);
    expect(done.body.deletedIds).toHaveLength(120);
    expect(await ordersOf(system, store)).toBe(0);
    expect(await ordersOf(system, othersStore)).toBe(5);
  });

  it('refuses null and booleans in the queue settings, naming the field, and keeps the settings', async () => {
    const path = `/api/orders/settings/${othersStore}`;
    const before = (await system.request('GET', path, undefined, other.token)).body;
    for (const field of ['maxAttempts', 'retryDelayMinutes', 'claimMinutes', 'agentCap'])
      for (const value of [null, true])
        expect(await system.request('PUT', path, { [field]: value }, other.token)).toMatchObject({
          status: 400,
          body: { message: `${field} must be a whole number`, params: { field } },
        });
    expect(await system.request('PUT', path, { assignment: null }, other.token)).toMatchObject({
      status: 400,
      body: { params: { field: 'assignment' } },
    });
    expect((await system.request('GET', path, undefined, other.token)).body).toEqual(before);
    expect(await system.request('PUT', path, { maxAttempts: 7 }, other.token)).toMatchObject({
      status: 200,
      body: { maxAttempts: 7 },
    });
  });
});
