import type { OrderView } from '@tawsil/contracts/orders';
import { recognizeWilaya } from '@tawsil/geo-dz';
import {
  buildWorld,
  deliverWebhook,
  type OrdersWorld,
  type SandboxOrder,
  TestSystem,
  type TestUser,
} from '@tawsil/testing';

describe('The orders workspace', () => {
  let system: TestSystem;
  let world: OrdersWorld;

  beforeAll(async () => {
    system = await TestSystem.shared({
      services: ['identity', 'orders', 'stores-youcan', 'delivery-zr'],
      youcanSandbox: true,
      zrSandbox: true,
    });
    world = await buildWorld(system, 'work');
  });

  const list = async (user: TestUser, query = '') => {
    const answer = await system.request('GET', `/api/orders/youcan${query}`, undefined, user.token);
    return { ...answer, body: answer.body as unknown as OrderView[] };
  };
  const mainList = (query = '') => list(world.owner, `?storeId=${world.mainStore}&limit=500${query}`);
  const byRef = async (ref: string) => (await mainList()).body.find((order) => order.ref === ref)!;
  const put = (user: TestUser, id: string, body: unknown) =>
    system.request('PUT', `/api/orders/youcan/${id}`, body, user.token);
  const fullEdit = (order: OrderView, changes: { status?: string; quantity?: number }) => ({
    ...order,
    quantity: order.variants[0].quantity,
    ...changes,
  });

  describe('finding orders', () => {
    it('searches customer name, ref and every product name, ignoring case and accents', async () => {
      const sample = world.mainOrders[7];
      const name = sample.shipping.address[0].full_name;
      const fragment = name.slice(1, 5).toUpperCase();
      const fold = (text: string) =>
        text
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase();
      const expected = world.mainOrders
        .filter((order) =>
          [
            order.shipping.address[0].full_name,
            order.ref,
            ...order.variants.map((line) => line.variant.product.name),
          ].some((text) => fold(text).includes(fold(fragment))),
        )
        .map((order) => order.ref)
        .sort();
      const found = await mainList(`&q=${encodeURIComponent(fragment)}`);
      expect(found.body.map((order) => order.ref).sort()).toEqual(expected);
      expect(found.headers.get('x-total-count')).toBe(String(expected.length));
      expect((await mainList(`&q=${sample.ref}`)).body.map((order) => order.ref)).toContain(sample.ref);
    });

    it('filters by wilaya, by status and by dates, combined', async () => {
      const code = recognizeWilaya(world.mainOrders[3].shipping.address[0].region)!.code;
      const inWilaya = (order: SandboxOrder) =>
        recognizeWilaya(order.shipping.address[0].region)?.code === code;
      const byRegion = await mainList(`&region=${code}`);
      expect(byRegion.body.map((order) => order.ref).sort()).toEqual(
        world.mainOrders
          .filter(inWilaya)
          .map((order) => order.ref)
          .sort(),
      );

      const target = byRegion.body[0];
      expect((await put(world.agent, target._id, fullEdit(target, { status: 'confirmé' }))).status).toBe(200);
      const confirmedThere = await mainList(`&region=${code}&status=${encodeURIComponent('confirmé')}`);
      expect(confirmedThere.body.map((order) => order._id)).toEqual([target._id]);
      expect(confirmedThere.body[0].confirmateur).toEqual({ name: 'Yacine Agent' });

      const later = encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString());
      expect((await mainList(`&from=${later}`)).body).toEqual([]);
      expect((await mainList(`&to=${later}`)).body).toHaveLength(60);
    });

    it('pages newest first with a cursor, every order once', async () => {
      const seen: string[] = [];
      let cursor: string | null = '';
      let pages = 0;
      while (cursor !== null) {
        const page = await list(world.owner, `?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.status).toBe(200);
        expect(page.headers.get('x-total-count')).toBe('80');
        seen.push(...page.body.map((order) => `${order.orderDate}|${order._id}`));
        cursor = page.headers.get('x-next-cursor');
        pages += 1;
      }
      expect(pages).toBe(Math.ceil(80 / 7));
      expect(new Set(seen).size).toBe(80);
      expect([...seen].sort().reverse()).toEqual(seen);
    });

    it('refuses bad filters with a message naming them', async () => {
      const cases: [string, string, number?][] = [
        ['?status=shipped', 'status must be one of'],
        ['?region=Atlantis', 'region must be a wilaya code from 1 to 58 or a wilaya name'],
        ['?limit=501', 'limit must not be greater than 500'],
        ['?cursor=abc', 'cursor is not one this API gave'],
        ['?from=yesterday', 'from must be an ISO 8601 date'],
        [`?storeId=${world.othersStore}`, 'Store not found', 404],
      ];
      for (const [query, message, status = 400] of cases) {
        const answer = await list(world.owner, query);
        const body = answer.body as unknown as { message: string };
        expect({ query, status: answer.status, message: body.message }).toEqual({
          query,
          status,
          message: expect.stringContaining(message),
        });
      }
    });
  });

  describe('changing orders', () => {
    it('writes a history entry for each kind of change, saying from what to what and who', async () => {
      const order = await byRef(world.mainOrders[10].ref);
      const edited = await put(world.agent, order._id, {
        ...fullEdit(order, { status: 'confirmé' }),
        customer: { ...order.customer, phone: '0661000000' },
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        status: 'confirmé',
        customer: { phone: '0661000000' },
        version: order.version + 1,
      });

      const notes = await put(world.agent, order._id, { note: '  Client rappelle demain  ' });
      expect(notes.body).toEqual([
        expect.objectContaining({
          message: 'Client rappelle demain',
          user: { _id: world.agent.id, name: 'Yacine Agent' },
        }),
      ]);
      const delivery = await put(world.owner, order._id, {
        delivery: {
          deliveryAccount: world.zrAccount!._id,
          wilaya: '16',
          isStopDesk: 'false',
          commune: 'bab ezzouar',
        },
      });
      expect(delivery.body).toEqual({
        deliveryAccount: { _id: world.zrAccount!._id, company: 'zrexpress', storeName: 'Boutique Amina' },
        wilaya: '16',
        isStopDesk: false,
        commune: 'Bab Ezzouar',
      });

      const history = (await byRef(order.ref)).history!;
      expect(history.map((entry) => [entry.changes, entry.user.name])).toEqual([
        [
          `status: "pending" → "confirmé"; customer.phone: "${order.customer.phone}" → "0661000000"`,
          'Yacine Agent',
        ],
        ['note added: "Client rappelle demain"', 'Yacine Agent'],
        ['delivery: (none) → home, "Bab Ezzouar", wilaya 16', 'Amina Owner'],
      ]);
    });

    it('sends nothing back into history when nothing changed', async () => {
      const order = await byRef(world.mainOrders[11].ref);
      const same = await put(world.agent, order._id, fullEdit(order, {}));
      expect(same).toMatchObject({ status: 200, body: { version: order.version } });
      expect((await byRef(order.ref)).history).toEqual([]);
    });

    it('refuses a save based on a stale version with 409 naming who changed it', async () => {
      const order = await byRef(world.mainOrders[12].ref);
      const first = await put(world.owner, order._id, fullEdit(order, { status: 'annulée' }));
      const second = await put(world.agent, order._id, fullEdit(order, { status: 'confirmé' }));
      expect(first.status).toBe(200);
      expect(second).toMatchObject({
        status: 409,
        body: { message: expect.stringContaining('This order was changed by Amina Owner') },
      });
      expect((await byRef(order.ref)).status).toBe('annulée');
    });

    it('lets only one of two simultaneous saves of one version through', async () => {
      const order = await byRef(world.mainOrders[13].ref);
      const answers = await Promise.all(
        (['confirmé', 'test'] as const).map((status, i) =>
          put(i ? world.agent : world.owner, order._id, fullEdit(order, { status })),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect((await byRef(order.ref)).history).toHaveLength(1);
    });

    it('refuses bad edits with a message naming the field, changing nothing', async () => {
      const order = await byRef(world.mainOrders[14].ref);
      const cases: [unknown, string][] = [
        [fullEdit(order, { status: 'livrée' }), 'status must be one of'],
        [
          { ...fullEdit(order, {}), customer: { ...order.customer, phone: '12345' } },
          'customer.phone must be',
        ],
        [{ ...fullEdit(order, {}), quantity: 0 }, 'quantity must not be less than 1'],
        [{ note: '   ' }, 'note cannot be empty'],
        [{}, 'send the edited order (with its version), {note} or {delivery}'],
        [{ note: 'x', delivery: {} }, 'send either note or delivery, not both'],
        [[{ note: 'x' }], 'the body must be a JSON object'],
        [
          {
            delivery: {
              deliveryAccount: world.zrAccount!._id,
              wilaya: '16',
              isStopDesk: false,
              commune: 'Oran',
            },
          },
          'commune "Oran" is not in Alger',
        ],
        [
          {
            delivery: {
              deliveryAccount: world.zrAccount!._id,
              wilaya: '16',
              isStopDesk: true,
            },
          },
          'desk is required',
        ],
        [
          {
            delivery: {
              deliveryAccount: world.zrAccount!._id,
              wilaya: '99',
              isStopDesk: false,
              commune: 'x',
            },
          },
          'wilaya must be a wilaya code from 1 to 58',
        ],
      ];
      for (const [body, message] of cases) {
        const answer = await put(world.agent, order._id, body);
        expect({ status: answer.status, message: answer.body.message }).toEqual({
          status: 400,
          message: expect.stringContaining(message),
        });
      }
      expect(await byRef(order.ref)).toEqual(order);
      expect((await put(world.agent, 'not-an-id', { note: 'x' })).status).toBe(400);
    });

    it("keeps an agent's correction when the store sends a newer copy of the order", async () => {
      const source = world.mainOrders[15];
      const order = await byRef(source.ref);
      await put(world.agent, order._id, {
        ...fullEdit(order, {}),
        customer: { ...order.customer, phone: '0770111222' },
      });
      const newer = { ...source, updated_at: new Date(Date.now() + 60_000).toISOString(), total: 123 };
      expect((await deliverWebhook(system, world.mainStore, JSON.stringify(newer))).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const after = await byRef(source.ref);
      expect(after).toMatchObject({ total: 123, customer: { phone: '0770111222' } });
    });

    it('bulk-deletes the owner’s orders and keeps the count true', async () => {
      const ids = (await mainList()).body.slice(0, 3).map((order) => order._id);
      const answer = await system.request(
        'DELETE',
        '/api/orders/youcan',
        { orderIds: ids },
        world.owner.token,
      );
      expect(answer).toMatchObject({ status: 200, body: { deletedIds: expect.arrayContaining(ids) } });
      const after = await mainList();
      expect(after.body).toHaveLength(57);
      expect(after.headers.get('x-total-count')).toBe('57');
      expect(
        (await system.request('DELETE', '/api/orders/youcan', { orderIds: [] }, world.owner.token)).body,
      ).toMatchObject({
        message: 'orderIds must name at least one order',
        code: 'validation.failed',
        params: { field: 'orderIds' },
      });
    });
  });
});
