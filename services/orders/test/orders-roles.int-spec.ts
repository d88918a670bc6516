import {
  addConfirmateur,
  buildWorld,
  type OrdersWorld,
  pipelineIdle,
  TestSystem,
  type TestUser,
  waitFor,
} from '@tawsil/testing';
import type { OrderView } from '@tawsil/contracts/orders';

/** Who may do what: every orders and confirmateur route against every kind of caller. */
describe('Roles on orders and confirmateurs', () => {
  let system: TestSystem;
  let world: OrdersWorld;
  let mainOrderIds: string[];

  beforeAll(async () => {
    system = await TestSystem.shared({
      services: ['identity', 'orders', 'stores-youcan', 'delivery-zr'],
      youcanSandbox: true,
      zrSandbox: true,
    });
    world = await buildWorld(system, 'roles');
    const listed = await list(world.owner, `?storeId=${world.mainStore}&limit=500`);
    mainOrderIds = listed.body.map((order) => order._id);
  });

  const list = async (user: TestUser | undefined, query = '') => {
    const answer = await system.request('GET', `/api/orders/youcan${query}`, undefined, user?.token);
    return { ...answer, body: answer.body as unknown as OrderView[] };
  };
  const callers = () =>
    ({
      owner: world.owner,
      agent: world.agent,
      otherAgent: world.otherAgent,
      otherOwner: world.otherOwner,
      anonymous: undefined,
    }) as Record<string, TestUser | undefined>;

  it('lists to each caller exactly the orders of its stores', async () => {
    const expected = { owner: 80, agent: 60, otherAgent: 10, otherOwner: 10 };
    for (const [name, user] of Object.entries(callers())) {
      const answer = await list(user, '?limit=500');
      if (!user) {
        expect(answer.status).toBe(401);
        continue;
      }
      expect({ name, status: answer.status, count: answer.body.length }).toEqual({
        name,
        status: 200,
        count: expected[name as keyof typeof expected],
      });
      expect(answer.headers.get('x-total-count')).toBe(String(expected[name as keyof typeof expected]));
    }
    const agentStores = new Set((await list(world.agent, '?limit=500')).body.map((order) => order.storeId));
    expect([...agentStores]).toEqual([world.mainStore]);
  });

  it('sends the history to owners only', async () => {
    const [forOwner] = (await list(world.owner, '?limit=1')).body;
    const [forAgent] = (await list(world.agent, '?limit=1')).body;
    expect(forOwner.history).toEqual([]);
    expect(forAgent).not.toHaveProperty('history');
  });

  it.each([
    ['owner', 200],
    ['agent', 200],
    ['otherAgent', 404],
    ['otherOwner', 404],
    ['anonymous', 401],
  ])('lets %s edit, note and set delivery on an order of the main store: %s', async (name, status) => {
    const user = callers()[name];
    const orderId = mainOrderIds[0];
    // A copy of the order still coming from YouCan would bump its version: edit the settled one.
    await waitFor(
      'the order pipeline to settle',
      () => pipelineIdle(system),
      (idle) => idle,
    );
    const [current] = (await list(world.owner, `?storeId=${world.mainStore}&limit=1`)).body;
    const edit = await system.request(
      'PUT',
      `/api/orders/youcan/${orderId}`,
      { ...current, version: current.version, status: 'pas de réponse', quantity: 1 },
      user?.token,
    );
    const note = await system.request(
      'PUT',
      `/api/orders/youcan/${orderId}`,
      { note: `by ${name}` },
      user?.token,
    );
    const delivery = await system.request(
      'PUT',
      `/api/orders/youcan/${orderId}`,
      {
        delivery: {
          deliveryAccount: world.zrAccount!._id,
          wilaya: '16',
          isStopDesk: 'false',
          commune: 'Bab Ezzouar',
        },
      },
      user?.token,
    );
    expect([edit.status, note.status, delivery.status]).toEqual([status, status, status]);
    if (status === 404) expect(note.body).toEqual({ message: 'Order not found', code: 'orders.not_found' });
  });

  it('refuses agents the owner-only calls with 403, and ignores ids of other owners', async () => {
    for (const user of [world.agent, world.otherAgent]) {
      const refusals = await Promise.all([
        system.request('DELETE', '/api/orders/youcan', { orderIds: [mainOrderIds[1]] }, user.token),
        system.request('GET', '/api/confirmateur', undefined, user.token),
        system.request(
          'POST',
          `/api/confirmateur/${world.mainStore}`,
          { email: world.otherAgent.email },
          user.token,
        ),
        system.request(
          'DELETE',
          `/api/confirmateur/${world.agent.id}`,
          { storeId: world.mainStore },
          user.token,
        ),
        system.request('GET', '/api/stores/youcan', undefined, user.token),
      ]);
      expect(refusals.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403]);
    }
    const foreign = await system.request(
      'DELETE',
      '/api/orders/youcan',
      { orderIds: [mainOrderIds[1]] },
      world.otherOwner.token,
    );
    expect(foreign).toMatchObject({ status: 200, body: { deletedIds: [] } });
    expect((await list(world.owner, `?storeId=${world.mainStore}&limit=500`)).body).toHaveLength(60);
  });

  it("keeps each owner's confirmateurs to its own stores", async () => {
    const mine = await system.request('GET', '/api/confirmateur', undefined, world.owner.token);
    expect(mine.body).toEqual([
      { _id: world.agent.id, name: 'Yacine Agent', email: world.agent.email, stores: [world.mainStore] },
    ]);
    const theirs = await system.request('GET', '/api/confirmateur', undefined, world.otherOwner.token);
    expect((theirs.body as unknown as { _id: string }[]).map((agent) => agent._id)).toEqual([
      world.otherAgent.id,
    ]);
    expect(
      (
        await system.request(
          'POST',
          `/api/confirmateur/${world.mainStore}`,
          { email: world.otherAgent.email },
          world.otherOwner.token,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await system.request(
          'DELETE',
          `/api/confirmateur/${world.agent.id}`,
          { storeId: world.mainStore },
          world.otherOwner.token,
        )
      ).status,
    ).toBe(404);
    expect((await system.request('GET', '/api/confirmateur')).status).toBe(401);
  });

  it('adds an agent by invitation, who then sees the store, and removes them', async () => {
    expect((await list(world.otherAgent, '?limit=500')).body).toHaveLength(10);
    await addConfirmateur(system, world.owner, world.secondStore, world.otherAgent);
    expect((await list(world.otherAgent, '?limit=500')).body).toHaveLength(30);

    const removed = await system.request(
      'DELETE',
      `/api/confirmateur/${world.otherAgent.id}`,
      { storeId: world.secondStore },
      world.owner.token,
    );
    expect(removed).toMatchObject({
      status: 200,
      body: { confirmateurId: world.otherAgent.id, storeId: world.secondStore },
    });
    // Orders hears of the removal from identity: within a second (docs/store-access.md).
    await waitFor(
      'the removed store to leave the list',
      () => list(world.otherAgent, '?limit=500'),
      (answer) => answer.body.length === 10,
      1_000,
    );
  });
});
