import type { OrderView } from '@tawsil/contracts/orders';
import { registerUser, sandbox, TestSystem, type TestUser, waitFor } from '@tawsil/testing';
import { storeWithAgents, workspaceApi } from './queue-world';

describe('Next order and assignment', () => {
  let system: TestSystem;
  let api: ReturnType<typeof workspaceApi>;
  let owner: TestUser;

  beforeAll(async () => {
    system = await TestSystem.shared({
      services: ['identity', 'orders', 'stores-youcan'],
      youcanSandbox: true,
    });
    api = workspaceApi(system);
    owner = await registerUser(system, 'Amina Owner');
  });

  it('hands 50 agents asking at once 50 different orders, then the rest, then 204', async () => {
    const { storeId, agents } = await storeWithAgents(system, owner, 'queue-next', 60, [
      'Agent One',
      'Agent Two',
      'Agent Three',
      'Agent Four',
      'Agent Five',
    ]);
    const askers = Array.from({ length: 50 }, (_, i) => agents[i % agents.length]);
    const answers = await Promise.all(askers.map((agent) => api.next(agent, storeId)));
    expect(answers.map((answer) => answer.status)).toEqual(askers.map(() => 200));
    const handed = answers.map((answer) => answer.order!._id);
    expect(new Set(handed).size).toBe(50);
    answers.forEach((answer, i) => expect(answer.order!.claim).toMatchObject({ userId: askers[i].id }));

    // New orders go oldest first: the 50 handed out are the 50 oldest.
    const oldest = (await api.orders(owner, storeId))
      .sort((a, b) => a.orderDate.localeCompare(b.orderDate) || a._id.localeCompare(b._id))
      .map((order) => order._id);
    expect([...handed].sort()).toEqual(oldest.slice(0, 50).sort());

    const rest = await Promise.all(Array.from({ length: 12 }, (_, i) => api.next(agents[i % 5], storeId)));
    expect(rest.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(rest.filter((answer) => answer.status === 204)).toHaveLength(2);
    expect(new Set([...handed, ...rest.flatMap((answer) => answer.order?._id ?? [])]).size).toBe(60);
  });

  it('answers a repeated "next order" (same Idempotency-Key) with the order it claimed the first time', async () => {
    const { storeId, agents } = await storeWithAgents(system, owner, 'queue-next-repeat', 3, ['Agent Six']);
    const [agent] = agents;
    const ask = (key: string) =>
      system.request('POST', '/api/orders/queue/next', { storeId }, agent.token, { 'idempotency-key': key });
    const first = await ask('next-order-key-1');
    const repeat = await ask('next-order-key-1');
    const another = await ask('next-order-key-2');
    expect([first.status, repeat.status, another.status]).toEqual([200, 200, 200]);
    const id = (answer: { body: unknown }) => (answer.body as OrderView)._id;
    expect(id(repeat)).toBe(id(first));
    expect(id(another)).not.toBe(id(first));
  });

  it('assigns new orders in turn to the available agents up to the cap, and each agent sees only theirs', async () => {
    const { storeId, agents } = await storeWithAgents(system, owner, 'queue-assign', 12, [
      'Karim Agent',
      'Lydia Agent',
    ]);
    const [karim, lydia] = agents;
    expect((await api.settings(karim, storeId, { assignment: 'round-robin' })).status).toBe(403);
    expect((await api.settings(karim, storeId)).body).toEqual({
      storeId,
      maxAttempts: 5,
      retryDelayMinutes: 120,
      claimMinutes: 10,
      assignment: 'shared',
      agentCap: 30,
    });
    expect((await api.settings(owner, storeId, { assignment: 'everyone' })).body.message).toContain(
      'assignment must be one of',
    );

    expect((await api.available(karim, true)).body).toEqual({ available: true });
    await api.available(lydia, true);
    expect((await api.call(karim, 'GET', '/api/orders/availability')).body).toEqual({ available: true });
    const settings = await api.settings(owner, storeId, { assignment: 'round-robin', agentCap: 3 });
    expect(settings.body).toMatchObject({ assignment: 'round-robin', agentCap: 3 });

    const byDate = (orders: OrderView[]) =>
      [...orders].sort((a, b) => a.orderDate.localeCompare(b.orderDate) || a._id.localeCompare(b._id));
    const all = byDate(await api.orders(owner, storeId));
    const assignees = all.map((order) => order.assignedTo?.name ?? null);
    // Turns alternate, the oldest orders first; past both caps, nobody's.
    expect(new Set(assignees.slice(0, 6).filter((_, i) => i % 2 === 0)).size).toBe(1);
    expect(new Set(assignees.slice(0, 6).filter((_, i) => i % 2 === 1)).size).toBe(1);
    expect(assignees.slice(0, 6).filter((name) => name === 'Karim Agent')).toHaveLength(3);
    expect(assignees.slice(0, 6).filter((name) => name === 'Lydia Agent')).toHaveLength(3);
    expect(assignees.slice(6)).toEqual([null, null, null, null, null, null]);

    const karimsQueue = await api.queue(karim, storeId);
    expect(karimsQueue.orders.map((order) => order.assignedTo?.name)).toEqual([
      'Karim Agent',
      'Karim Agent',
      'Karim Agent',
    ]);
    expect(karimsQueue.counts.new).toBe(3);
    const next = await api.next(karim, storeId);
    expect(next.order!.assignedTo).toMatchObject({ userId: karim.id });

    // Karim calls one order (no answer), then stops: the two not yet called go back and, Lydia
    // being at her cap, wait for someone.
    const called = all.find(
      (order) => order.assignedTo?.userId === karim.id && order._id !== next.order!._id,
    )!;
    expect((await api.save(karim, called, { status: 'pas de réponse' })).status).toBe(200);
    expect((await api.available(karim, false)).body).toEqual({ available: false });
    const after = await api.orders(owner, storeId);
    expect(after.filter((order) => order.assignedTo?.userId === karim.id).map((order) => order._id)).toEqual([
      called._id,
    ]);
    expect(after.filter((order) => order.assignedTo?.userId === lydia.id)).toHaveLength(3);
    expect((await api.queue(karim, storeId)).orders).toEqual([]);

    // Least-loaded with a higher cap: Lydia fills up to it; Karim, back, gets the rest.
    await api.settings(owner, storeId, { assignment: 'least-loaded', agentCap: 6 });
    let loads = countBy(await api.orders(owner, storeId));
    expect(loads).toEqual({ 'Lydia Agent': 6, 'Karim Agent': 1, nobody: 5 });
    await api.available(karim, true);
    loads = countBy(await api.orders(owner, storeId));
    expect(loads).toEqual({ 'Lydia Agent': 6, 'Karim Agent': 6 });

    // Orders arriving from the store are assigned as they come in, nobody asking.
    await api.settings(owner, storeId, { agentCap: 7 });
    await sandbox(system, 'POST', '/_sandbox/stores/queue-assign/orders', { count: 2 });
    await waitFor(
      'the new orders assigned',
      async () => countBy(await api.orders(owner, storeId)),
      (counts) => counts['Karim Agent'] === 7 && counts['Lydia Agent'] === 7,
    );

    // Back to shared: nobody's orders any more, and everybody's queue holds them all.
    await api.settings(owner, storeId, { assignment: 'shared' });
    expect(countBy(await api.orders(owner, storeId))).toEqual({ nobody: 14 });
    expect((await api.queue(karim, storeId)).counts.new).toBe(13);
  });
});

function countBy(orders: OrderView[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const order of orders) {
    const name = order.assignedTo?.name ?? 'nobody';
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}
