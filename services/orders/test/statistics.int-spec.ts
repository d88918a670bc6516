import type { OrderView, StatisticsView } from '@tawsil/contracts/orders';
import {
  buildWorld,
  confirmAndSetDelivery,
  type OrdersWorld,
  query,
  saisieFinished,
  startSaisie,
  TestSystem,
  type TestUser,
  waitFor,
  zrSandbox,
} from '@tawsil/testing';
import { expectedStatistics } from './statistics-truth';

const DAY_MS = 86_400_000;
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
const algerianToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Algiers' }).format(new Date());
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The owner's figures after a real working week: imports, agents' calls, saisie, ZR's deliveries. */
describe('Statistics', () => {
  let system: TestSystem;
  let world: OrdersWorld;
  const today = algerianToday();
  const from = shiftDay(today, -13);

  const statistics = async (user: TestUser | undefined, search = '') =>
    system.request('GET', `/api/statistics${search}`, undefined, user?.token);
  const figures = async (search: string) => {
    const answer = await statistics(world.owner, search);
    expect(answer.status).toBe(200);
    return answer.body as unknown as StatisticsView;
  };
  const ownersOrders = async () =>
    (await system.request('GET', '/api/orders/youcan?limit=500', undefined, world.owner.token))
      .body as unknown as OrderView[];
  const setStatus = async (user: TestUser, order: OrderView, status: string) => {
    const answer = await system.request(
      'PUT',
      `/api/orders/youcan/${order._id}`,
      { ...order, quantity: order.variants[0].quantity, status },
      user.token,
    );
    if (answer.status !== 200) throw new Error(`${status} on ${order.ref}: ${JSON.stringify(answer.body)}`);
  };
  const ship = async (orders: OrderView[]) => {
    await confirmAndSetDelivery(system, world.owner, orders, world.zrAccount!);
    const job = await saisieFinished(
      system,
      world.owner,
      await startSaisie(
        system,
        world.owner,
        orders.map((order) => order._id),
      ),
    );
    expect(job.successfullOrders).toHaveLength(orders.length);
  };

  beforeAll(async () => {
    system = await TestSystem.shared({
      services: ['identity', 'orders', 'stores-youcan', 'delivery-zr'],
      youcanSandbox: true,
      zrSandbox: true,
      env: { ZR_TRACKING_INTERVAL_MS: '500' },
    });
    world = await buildWorld(system, 'stats');

    // Two weeks of orders and some older ones, some placed at 23:30 UTC: already the next day in
    // Algeria.
    const stored = await query<{ id: string }>(
      system,
      'select id from orders.orders where store_id = any($1) order by store_id, ref',
      [[world.mainStore, world.secondStore, world.othersStore]],
    );
    for (const [i, { id }] of stored.entries())
      await query(system, 'update orders.orders set order_date = $2 where id = $1', [
        id,
        `${utcDay((i % 15) + (i % 7 === 3 ? 35 + (i % 30) : 0))}T${i % 4 === 0 ? '23:30' : '09:00'}:00Z`,
      ]);

    const [main, second] = [world.mainStore, world.secondStore].map(
      (store) => (orders: OrderView[]) => orders.filter((order) => order.storeId === store),
    );
    const listed = await ownersOrders();
    const mainOrders = main(listed);
    const byAgent: [TestUser, string][] = [
      [world.agent, 'confirmé'],
      [world.agent, 'annulée'],
      [world.agent, 'pas de réponse'],
      [world.owner, 'annulée'],
      [world.owner, 'confirmé'],
      [world.owner, 'test'],
    ];
    for (const [i, order] of mainOrders.slice(0, 54).entries()) {
      const [user, status] = byAgent[i % byAgent.length];
      await setStatus(user, order, status);
    }

    // Most confirmed orders of the main store ship and ZR delivers or returns them; the second
    // store's ship later and are still on their way.
    const confirmed = main(await ownersOrders()).filter((order) => order.status === 'confirmé');
    const delivering = confirmed.slice(0, confirmed.length - 2);
    await ship(delivering);
    for (let step = 0; step < 6; step++) await zrSandbox(system, 'POST', '/_sandbox/parcels/advance');
    await waitFor(
      'the parcels delivered or returned',
      async () => main(await ownersOrders()).filter((order) => ['livrée', 'retour'].includes(order.status)),
      (done) => done.length === delivering.length,
    );
    await ship(second(listed).slice(0, 6));

    const removed = (await ownersOrders()).filter((order) => order.status === 'annulée').slice(0, 2);
    const deleted = await system.request(
      'DELETE',
      '/api/orders/youcan',
      { orderIds: removed.map((order) => order._id) },
      world.owner.token,
    );
    expect(deleted.status).toBe(200);
  }, 240_000);

  const comparable = (view: StatisticsView) => ({
    totals: {
      ...view.totals,
      inTransit: undefined,
      byStatus: Object.fromEntries(Object.entries(view.totals.byStatus).filter(([, n]) => n > 0)),
    },
    agents: view.agents.map(({ agentId: _, ...agent }) => agent),
    products: view.products.map(({ product, orders, confirmationRate, deliveryRate }) => ({
      product,
      orders,
      confirmationRate,
      deliveryRate,
    })),
    wilayas: view.wilayas.map(({ wilayaCode, orders, sent, deliveryRate, returnRate }) => ({
      wilayaCode,
      orders,
      sent,
      deliveryRate,
      returnRate,
    })),
    days: view.days
      .filter((day) => day.orders > 0)
      .map(({ day, orders, delivered, returned }) => ({ day, orders, delivered, returned })),
  });
  const sorted = <T>(items: T[]) =>
    [...items].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const expectSame = (view: StatisticsView, expected: ReturnType<typeof expectedStatistics>) => {
    const actual = comparable(view);
    expect(actual.totals).toEqual({ ...expected.totals, inTransit: undefined });
    expect(sorted(actual.agents)).toEqual(sorted(expected.agents));
    expect(sorted(actual.products)).toEqual(sorted(expected.products));
    expect(sorted(actual.wilayas)).toEqual(sorted(expected.wilayas));
    expect(sorted(actual.days)).toEqual(sorted(expected.days));
  };

  it("matches, figure by figure, what happened to the owner's orders", async () => {
    const view = await figures(`?from=${from}&to=${today}`);
    const expected = expectedStatistics(await ownersOrders(), from, today);
    expectSame(view, expected);

    // The world really holds every kind of figure: none of these checks compares zeros.
    expect(view.totals.delivered).toBeGreaterThan(0);
    expect(view.totals.returned + view.totals.delivered).toBeGreaterThan(view.totals.delivered);
    expect(view.totals.revenueInTransit).toBeGreaterThan(0);
    expect(view.agents.map((agent) => agent.name).sort()).toEqual(['Amina Owner', 'Yacine Agent']);
    expect(view.days).toHaveLength(14);
    expect(view.days[0].day).toBe(from);
    expect(view.days.at(-1)!.day).toBe(today);
    expect(view.definitions.confirmationRate).toBe('Confirmed ÷ handled.');
  });

  it('counts one store when asked, and cuts days at midnight in Algeria', async () => {
    const mine = (await ownersOrders()).filter((order) => order.storeId === world.secondStore);
    expectSame(
      await figures(`?from=${from}&to=${today}&storeId=${world.secondStore}`),
      expectedStatistics(mine, from, today),
    );

    // The day after an order placed at 23:30 UTC: that order is one of its orders in Algeria.
    const lateEvening = (await ownersOrders()).find(
      (order) => order.orderDate.includes('T23:30') && order.orderDate.slice(0, 10) < shiftDay(today, -1),
    )!;
    const day = shiftDay(lateEvening.orderDate.slice(0, 10), 1);
    const oneDay = await figures(`?from=${day}&to=${day}`);
    const expected = expectedStatistics(await ownersOrders(), day, day);
    expectSame(oneDay, expected);
    // Spelled out: that day's orders before 23:00 UTC, and the eve's placed at 23:30 UTC.
    const eve = lateEvening.orderDate.slice(0, 10);
    const algerianDay = (await ownersOrders()).filter(
      (order) =>
        (order.orderDate.startsWith(day) && !order.orderDate.includes('T23:30')) ||
        (order.orderDate.startsWith(eve) && order.orderDate.includes('T23:30')),
    );
    expect(oneDay.totals.orders).toBe(algerianDay.length);
  });

  it('adds whole months and the days around them over a longer period', async () => {
    const longFrom = shiftDay(today, -79);
    const view = await figures(`?from=${longFrom}&to=${today}`);
    const expected = expectedStatistics(await ownersOrders(), longFrom, today);
    expectSame(view, expected);
    expect(view.totals.orders).toBeGreaterThan((await figures(`?from=${from}&to=${today}`)).totals.orders);
  });

  it('follows every later change at once', async () => {
    const year = `?from=${shiftDay(today, -365)}&to=${today}`;
    const before = await figures(year);
    const pending = (await ownersOrders()).find(
      (order) => order.storeId === world.mainStore && order.status === 'pending',
    )!;
    await setStatus(world.agent, pending, 'confirmé');
    const after = await figures(year);
    expect(after.totals.handled).toBe(before.totals.handled + 1);
    expect(after.totals.confirmed).toBe(before.totals.confirmed + 1);
    const agent = (view: StatisticsView) => view.agents.find((row) => row.name === 'Yacine Agent')!;
    expect(agent(after).confirmed).toBe(agent(before).confirmed + 1);
  });

  it('covers the last 30 days to today by default, and says an empty period is empty', async () => {
    const byDefault = await figures('');
    expect([byDefault.from, byDefault.to, byDefault.days.length]).toEqual([shiftDay(today, -29), today, 30]);

    const empty = await figures('?from=2020-01-01&to=2020-01-31');
    expect(empty.totals).toMatchObject({
      orders: 0,
      confirmationRate: null,
      deliveryRate: null,
      returnRate: null,
    });
    expect([empty.agents, empty.products, empty.wilayas]).toEqual([[], [], []]);
    expect(empty.days).toHaveLength(31);
    expect(empty.days.every((day) => day.orders === 0)).toBe(true);
  });

  it('shows each owner its own figures only, and none to agents', async () => {
    // Up to tomorrow: an order placed today at 23:30 UTC is tomorrow's in Algeria.
    const others = await statistics(
      world.otherOwner,
      `?from=${shiftDay(today, -364)}&to=${shiftDay(today, 1)}`,
    );
    expect(others.status).toBe(200);
    expect((others.body as unknown as StatisticsView).totals.orders).toBe(10);

    const foreignStore = await statistics(world.otherOwner, `?storeId=${world.mainStore}`);
    expect([foreignStore.status, foreignStore.body.message]).toEqual([404, 'Store not found']);

    const agent = await statistics(world.agent);
    expect([agent.status, agent.body.message]).toEqual([403, 'Only store owners can see statistics']);
    expect((await statistics(undefined)).status).toBe(401);
  });

  it.each([
    ['?from=2026-02-30&to=2026-03-02', 'from is not a real day: 2026-02-30'],
    ['?from=yesterday', 'from must be a day as YYYY-MM-DD'],
    ['?to=2026-11-23T10:00:00Z', 'to must be a day as YYYY-MM-DD'],
    ['?from=2026-03-02&to=2026-03-01', 'from must be on or before to'],
    ['?from=2025-01-01&to=2026-01-02', 'The period can cover at most 366 days'],
    ['?storeId=abc', 'storeId must be a store id'],
  ])('refuses %s with a 400 naming the problem', async (search, message) => {
    const answer = await statistics(world.owner, search);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(message);
  });

  it('forgets a removed store at once, summary rows and all', async () => {
    const removed = await system.request(
      'DELETE',
      `/api/stores/youcan/${world.secondStore}`,
      undefined,
      world.owner.token,
    );
    expect(removed.status).toBe(200);
    const rowsOf = async (table: string) =>
      Number(
        (
          await query<{ n: string }>(system, `select count(*) as n from ${table} where store_id = $1`, [
            world.secondStore,
          ])
        )[0].n,
      );
    await waitFor(
      'the store’s orders removed',
      () => rowsOf('orders.orders'),
      (n) => n === 0,
    );
    expect(await rowsOf('orders.order_stats')).toBe(0);

    const year = { from: shiftDay(today, -364), to: shiftDay(today, 1) };
    expectSame(
      await figures(`?from=${year.from}&to=${year.to}`),
      expectedStatistics(await ownersOrders(), year.from, year.to),
    );
    const mainRows = await query<{ negative: string }>(
      system,
      'select count(*) filter (where orders < 0) as negative from orders.order_stats',
    );
    expect(mainRows[0].negative).toBe('0');
  });
});
