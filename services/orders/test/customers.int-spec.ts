import type { BlacklistEntryView, CustomerHistoryView, OrderView } from '@tawsil/contracts/orders';
import {
  buildWorld,
  deliverWebhook,
  type OrdersWorld,
  query,
  TestSystem,
  type TestUser,
  waitFor,
} from '@tawsil/testing';
import { randomUUID } from 'node:crypto';

interface Arrival {
  phone: string;
  name?: string;
  products?: string[];
  region?: string;
  city?: string;
  /** How long before now the customer ordered. */
  hoursAgo?: number;
}

describe('Customer memory, search and bulk actions by filter', () => {
  let system: TestSystem;
  let world: OrdersWorld;
  let sequence = 0;

  beforeAll(async () => {
    system = await TestSystem.shared({
      services: ['identity', 'orders', 'stores-youcan', 'delivery-zr'],
      youcanSandbox: true,
      zrSandbox: true,
    });
    world = await buildWorld(system, 'cust');
  });

  const list = async (user: TestUser, params: Record<string, string>) => {
    const answer = await system.request(
      'GET',
      `/api/orders/youcan?${new URLSearchParams({ limit: '500', ...params })}`,
      undefined,
      user.token,
    );
    expect(answer.status).toBe(200);
    return answer.body as unknown as OrderView[];
  };
  const find = async (user: TestUser, id: string) => (await list(user, {})).find((order) => order._id === id);

  /** An order the store's YouCan webhook delivers, as a customer typed it; answers it as the owner sees it. */
  async function arrive(storeId: string, arrival: Arrival, owner = world.owner): Promise<OrderView> {
    const template = world.mainOrders[0] as unknown as Record<string, unknown> & {
      shipping: { address: Record<string, unknown>[] };
      customer: Record<string, unknown>;
    };
    const at = new Date(Date.now() - (arrival.hoursAgo ?? 0) * 3_600_000).toISOString();
    const ref = `C${String(++sequence).padStart(4, '0')}`;
    const address = {
      ...template.shipping.address[0],
      full_name: arrival.name ?? `Client ${ref}`,
      phone: arrival.phone,
      region: arrival.region ?? '16 - Alger',
      city: arrival.city ?? 'Kouba',
    };
    const order = {
      ...template,
      id: randomUUID(),
      ref,
      created_at: at,
      updated_at: at,
      customer: { ...template.customer, phone: arrival.phone },
      shipping: { ...template.shipping, address: [address] },
      variants: (arrival.products ?? ['Lampe LED rechargeable']).map((name) => ({
        id: randomUUID(),
        price: 1000,
        quantity: 1,
        variant: { id: randomUUID(), price: 1000, product: { id: randomUUID(), name } },
      })),
    };
    expect((await deliverWebhook(system, storeId, JSON.stringify(order))).status).toBe(200);
    const [row] = await waitFor(
      `order ${ref}`,
      () => query<{ id: string }>(system, 'select id from orders.orders where external_id = $1', [order.id]),
      (rows) => rows.length === 1,
    );
    return (await find(owner, row.id))!;
  }

  describe('phones', () => {
    it('are stored as 0XXXXXXXXX whatever form the store sent, and kept as typed when not Algerian', async () => {
      const forms: [string, string][] = [
        ['+213 550 10 20 30', '0550102030'],
        ['00213-661-10-20-30', '0661102030'],
        ['213.770.10.20.30', '0770102030'],
        ['(0555) 10 20 30', '0555102030'],
        ['+33 6 12 34 56 78', '+33 6 12 34 56 78'],
      ];
      for (const [typed, stored] of forms)
        expect((await arrive(world.mainStore, { phone: typed })).customer.phone).toBe(stored);
    });

    it('are normalised when an agent edits them', async () => {
      const order = await arrive(world.mainStore, { phone: '0550 99 88 77' });
      const answer = await system.request(
        'PUT',
        `/api/orders/youcan/${order._id}`,
        {
          ...order,
          quantity: order.variants[0].quantity,
          customer: { ...order.customer, phone: '+213 (0) 771-22-33-44' },
        },
        world.agent.token,
      );
      expect(answer.status).toBe(200);
      expect((answer.body as unknown as OrderView).customer.phone).toBe('0771223344');
      expect((await list(world.owner, { q: '0771223344' })).map((found) => found._id)).toEqual([order._id]);
    });

    it('find the order in every written form of the number', async () => {
      const order = await arrive(world.mainStore, { phone: '0552 41 52 63' });
      for (const form of [
        '0552415263',
        '+213 552 41 52 63',
        '00213552415263',
        '213552415263',
        '0552-41-52-63',
        '552 41 52',
      ])
        expect((await list(world.owner, { q: form })).map((found) => found._id)).toEqual([order._id]);
    });
  });

  describe('search', () => {
    it('ignores accents and case in names and products, and matches every product line', async () => {
      const order = await arrive(world.mainStore, {
        phone: '0553 00 00 01',
        name: 'Chaïma Saïdi-Bénali',
        products: ['Montre connectée Pro', 'Crème à l’aloès Écoutée'],
      });
      for (const q of ['chaima saidi', 'BENALI', 'crème à', 'creme a', 'ALOES ECOUTEE', 'montre connectee'])
        expect((await list(world.owner, { q })).map((found) => found._id)).toContain(order._id);
      expect(order.variants.map((line) => line.variant.product.name)).toEqual([
        'Montre connectée Pro',
        'Crème à l’aloès Écoutée',
      ]);
      expect(await list(world.owner, { q: 'aloes ecoutee', storeId: world.secondStore })).toEqual([]);
      expect(await list(world.otherOwner, { q: 'aloes ecoutee' })).toEqual([]);
    });
  });

  describe('the recognised place', () => {
    it('gives the wilaya by name and the commune the city names, or null', async () => {
      const messy = await arrive(world.mainStore, {
        phone: '0553 00 00 02',
        region: 'alger',
        city: 'bab-ezzouar',
      });
      expect({ wilaya: messy.wilaya, commune: messy.commune }).toEqual({
        wilaya: { code: 16, name: 'Alger', nameAr: 'الجزائر' },
        commune: 'Bab Ezzouar',
      });
      const unknownCity = await arrive(world.mainStore, {
        phone: '0553 00 00 03',
        region: 'Oran',
        city: 'cité 200 logts',
      });
      expect({ wilaya: unknownCity.wilaya?.code, commune: unknownCity.commune }).toEqual({
        wilaya: 31,
        commune: null,
      });
      const nowhere = await arrive(world.mainStore, {
        phone: '0553 00 00 04',
        region: 'quelque part',
        city: 'Kouba',
      });
      expect({ wilaya: nowhere.wilaya, commune: nowhere.commune }).toEqual({ wilaya: null, commune: null });
    });
  });

  describe('a customer seen before', () => {
    const phone = '0660 12 34 56';
    let first: OrderView;
    let second: OrderView;
    let elsewhere: OrderView;

    beforeAll(async () => {
      first = await arrive(world.mainStore, { phone, hoursAgo: 3 });
      second = await arrive(world.secondStore, { phone: '+213 660 12 34 56', hoursAgo: 2 });
      elsewhere = await arrive(world.othersStore, { phone, hoursAgo: 1 }, world.otherOwner);
    });

    const history = async (user: TestUser, orderId: string) => {
      const answer = await system.request(
        'GET',
        `/api/orders/youcan/${orderId}/customer`,
        undefined,
        user.token,
      );
      return { status: answer.status, body: answer.body as unknown as CustomerHistoryView };
    };

    it("shows the customer's other orders across the owner's stores with their outcome, and nothing of another owner's", async () => {
      expect(await history(world.owner, second._id)).toEqual({
        status: 200,
        body: {
          phone: '0660123456',
          orders: [
            {
              _id: first._id,
              ref: first.ref,
              orderDate: first.orderDate,
              status: 'pending',
              total: first.total,
              storeId: world.mainStore,
            },
          ],
        },
      });
      expect((await history(world.otherOwner, elsewhere._id)).body).toEqual({
        phone: '0660123456',
        orders: [],
      });
      // The agent works on the main store only: the second store's order is not theirs to see.
      expect((await history(world.agent, first._id)).body.orders).toEqual([]);
      expect((await history(world.otherOwner, first._id)).status).toBe(404);
    });

    it('flags an order from a phone with an open order of the same owner in the last 7 days, not across owners', async () => {
      expect(first.duplicateOf).toBeNull();
      expect(second.duplicateOf).toBe(first._id);
      expect(elsewhere.duplicateOf).toBeNull();
      const weekOld = await arrive(world.mainStore, { phone: '0661 00 00 07', hoursAgo: 8 * 24 });
      const afterAWeek = await arrive(world.mainStore, { phone: '0661 00 00 07' });
      expect([weekOld.duplicateOf, afterAWeek.duplicateOf]).toEqual([null, null]);
    });

    it('cancels a duplicate in one call, with the history saying of which order', async () => {
      const answer = await system.request(
        'POST',
        `/api/orders/youcan/${second._id}/cancel-duplicate`,
        undefined,
        world.owner.token,
      );
      expect(answer.status).toBe(200);
      const cancelled = answer.body as unknown as OrderView;
      expect(cancelled.status).toBe('annulée');
      expect(cancelled.history?.at(-1)).toMatchObject({
        changes: `Cancelled as a duplicate of ${first.ref}`,
        user: { name: 'Amina Owner' },
      });
      expect((await find(world.owner, second._id))?.status).toBe('annulée');

      // The cancelled order is no longer open: the next one from the phone repeats the first.
      const third = await arrive(world.mainStore, { phone });
      expect(third.duplicateOf).toBe(first._id);
      const byAgent = await system.request(
        'POST',
        `/api/orders/youcan/${third._id}/cancel-duplicate`,
        undefined,
        world.agent.token,
      );
      expect(byAgent).toMatchObject({
        status: 200,
        body: { status: 'annulée', confirmateur: { name: 'Yacine Agent' } },
      });

      const notDuplicate = await system.request(
        'POST',
        `/api/orders/youcan/${first._id}/cancel-duplicate`,
        undefined,
        world.owner.token,
      );
      expect(notDuplicate).toMatchObject({
        status: 409,
        body: { message: 'This order is not marked as a duplicate' },
      });
      const notTheirs = await system.request(
        'POST',
        `/api/orders/youcan/${third._id}/cancel-duplicate`,
        undefined,
        world.otherAgent.token,
      );
      expect(notTheirs.status).toBe(404);
    });

    it("keeps the owner's blacklist: owner only, flagged in the owner's and the agents' views", async () => {
      const post = (user: TestUser, body: unknown) =>
        system.request('POST', '/api/orders/blacklist', body, user.token);
      expect((await post(world.agent, { phone, reason: 'x' })).status).toBe(403);
      expect(
        (await system.request('GET', '/api/orders/blacklist', undefined, world.agent.token)).status,
      ).toBe(403);
      expect(await post(world.owner, { phone: '12', reason: 'x' })).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining('phone must be an Algerian phone number') },
      });
      expect(await post(world.owner, { phone, reason: '  ' })).toMatchObject({
        status: 400,
        body: { message: 'reason is required' },
      });

      const added = await post(world.owner, { phone: '00213 660 12 34 56', reason: 'Refused three parcels' });
      expect(added.status).toBe(201);
      const entry = added.body as unknown as BlacklistEntryView;
      expect(entry).toMatchObject({ phone: '0660123456', reason: 'Refused three parcels' });
      expect(await post(world.owner, { phone, reason: 'again' })).toMatchObject({
        status: 409,
        body: { message: 'This phone is already on the blacklist' },
      });
      expect(
        (await system.request('GET', '/api/orders/blacklist', undefined, world.owner.token)).body,
      ).toEqual([entry]);
      expect(
        (await system.request('GET', '/api/orders/blacklist', undefined, world.otherOwner.token)).body,
      ).toEqual([]);

      const flagged = { reason: 'Refused three parcels' };
      expect((await find(world.owner, first._id))?.blacklisted).toEqual(flagged);
      expect((await find(world.owner, second._id))?.blacklisted).toEqual(flagged);
      expect((await find(world.agent, first._id))?.blacklisted).toEqual(flagged);
      expect((await find(world.otherOwner, elsewhere._id))?.blacklisted).toBeNull();
      // The edit's answer says so too.
      const edited = await system.request(
        'PUT',
        `/api/orders/youcan/${first._id}`,
        { ...first, quantity: first.variants[0].quantity, status: 'confirmé' },
        world.agent.token,
      );
      expect((edited.body as unknown as OrderView).blacklisted).toEqual(flagged);

      const remove = (user: TestUser) =>
        system.request('DELETE', `/api/orders/blacklist/${entry._id}`, undefined, user.token);
      expect((await remove(world.otherOwner)).status).toBe(404);
      expect((await remove(world.agent)).status).toBe(403);
      expect(await remove(world.owner)).toMatchObject({ status: 200, body: { deletedId: entry._id } });
      expect((await find(world.agent, first._id))?.blacklisted).toBeNull();
    });
  });

  describe('bulk actions on every matching order', () => {
    it('deletes every order a filter matches, beyond the loaded page; owner only', async () => {
      const marked = [];
      for (let i = 0; i < 4; i++)
        marked.push(
          await arrive(world.secondStore, { phone: `0554 00 00 1${i}`, products: ['Tapis à prière Zèbre'] }),
        );
      await arrive(world.mainStore, { phone: '0554 00 00 20', products: ['Tapis à prière Zèbre'] });
      const filter = { q: 'tapis a priere zebre', storeId: world.secondStore };
      expect(
        (await system.request('DELETE', '/api/orders/youcan', { filter }, world.agent.token)).status,
      ).toBe(403);
      expect(
        await system.request(
          'DELETE',
          '/api/orders/youcan',
          { filter, orderIds: [marked[0]._id] },
          world.owner.token,
        ),
      ).toMatchObject({ status: 400, body: { message: 'send either orderIds or filter, not both' } });
      expect(
        await system.request(
          'DELETE',
          '/api/orders/youcan',
          { filter: { status: 'nope' } },
          world.owner.token,
        ),
      ).toMatchObject({ status: 400, body: { message: expect.stringContaining('status must be one of') } });

      const answer = await system.request('DELETE', '/api/orders/youcan', { filter }, world.owner.token);
      expect(answer.status).toBe(200);
      expect(((answer.body as unknown as { deletedIds: string[] }).deletedIds ?? []).sort()).toEqual(
        marked.map((order) => order._id).sort(),
      );
      expect(
        (await list(world.owner, { q: 'tapis a priere zebre' })).map((order) => order.customer.phone),
      ).toEqual(['0554000020']);
    });

    it('sends every confirmed order of a store to Saisie by filter; owner only', async () => {
      const confirmed = [];
      for (let i = 0; i < 3; i++) {
        const order = await arrive(world.secondStore, { phone: `0555 00 00 3${i}` });
        const answer = await system.request(
          'PUT',
          `/api/orders/youcan/${order._id}`,
          { ...order, quantity: 1, status: 'confirmé' },
          world.owner.token,
        );
        expect(answer.status).toBe(200);
        confirmed.push(order._id);
      }
      const filter = { status: 'confirmé', storeId: world.secondStore };
      expect((await system.request('POST', '/api/ZR/saisie', { filter }, world.agent.token)).status).toBe(
        403,
      );
      expect(
        await system.request(
          'POST',
          '/api/ZR/saisie',
          { filter: { status: 'livrée', storeId: world.secondStore } },
          world.owner.token,
        ),
      ).toMatchObject({ status: 400, body: { message: 'filter matches no orders' } });

      const started = await system.request('POST', '/api/ZR/saisie', { filter }, world.owner.token);
      expect(started.status).toBe(202);
      const { jobId } = started.body as unknown as { jobId: string };
      const done = await waitFor(
        'the saisie',
        async () =>
          (await system.request('GET', `/api/ZR/saisie/${jobId}`, undefined, world.owner.token))
            .body as unknown as {
            state: string;
            progress: { total: number };
            failedOrders: { id: string }[];
          },
        (status) => status.state === 'completed' || status.state === 'failed',
      );
      expect(done.progress.total).toBe(confirmed.length);
      // None has a delivery choice yet: each is reported, by id, rather than sent.
      expect(done.failedOrders.map((failed) => failed.id).sort()).toEqual(confirmed.sort());
    });
  });
});
