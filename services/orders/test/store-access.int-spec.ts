import type { OrderView } from '@tawsil/contracts/orders';
import { QueueName } from '@tawsil/contracts/queues';
import { bullConnection } from '@tawsil/nest-common';
import {
  addConfirmateur,
  query,
  registerUser,
  storeWithOrders,
  TestSystem,
  type TestUser,
  waitFor,
} from '@tawsil/testing';
import { Queue } from 'bullmq';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** How soon a removal must reach every call of the person it concerns. */
const ACCESS_ENDS_WITHIN_MS = 1_000;

/**
 * Orders answers who reaches which store from its own record, kept by the events of
 * stores/youcan and identity (docs/store-access.md): a removal still ends access at once, and
 * what existed before the record is filled in by the sweeps.
 */
describe('Store access kept by orders', () => {
  let system: TestSystem;
  let owner: TestUser;
  let agent: TestUser;
  let laterAgent: TestUser;
  let kept: { storeId: string; orders: OrderView[] };
  let gone: { storeId: string; orders: OrderView[] };

  beforeAll(async () => {
    system = await TestSystem.start({
      services: ['identity', 'orders', 'stores-youcan', 'delivery-zr'],
      youcanSandbox: true,
    });
    [owner, agent, laterAgent] = await Promise.all([
      registerUser(system, 'Amina Owner'),
      registerUser(system, 'Yacine Agent', true),
      registerUser(system, 'Lydia Agent', true),
    ]);
    kept = await storeWithOrders(system, owner, 'access-kept', 3);
    gone = await storeWithOrders(system, owner, 'access-gone', 3);
    await addConfirmateur(system, owner, kept.storeId, agent);
    await addConfirmateur(system, owner, gone.storeId, agent);
    await addConfirmateur(system, owner, kept.storeId, laterAgent);
  });
  afterAll(async () => {
    await system?.stop();
  });

  const listStore = (user: TestUser, storeId: string) =>
    system.request('GET', `/api/orders/youcan?storeId=${storeId}`, undefined, user.token);
  const note = (user: TestUser, orderId: string) =>
    system.request('PUT', `/api/orders/youcan/${orderId}`, { note: 'Rappeler demain' }, user.token);

  /** Milliseconds from now until every call answers 404; fails past twice the target. */
  const untilRefused = async (calls: () => Promise<{ status: number }>[]) => {
    const started = performance.now();
    for (;;) {
      const statuses = (await Promise.all(calls())).map((answer) => answer.status);
      const elapsed = performance.now() - started;
      if (statuses.every((status) => status === 404)) return elapsed;
      if (elapsed > 2 * ACCESS_ENDS_WITHIN_MS)
        throw new Error(`still answered ${statuses.join(', ')} after ${Math.round(elapsed)} ms`);
      await sleep(25);
    }
  };

  it('refuses an agent taken off a store its list and edits there within a second, and keeps its other store', async () => {
    const [order] = kept.orders;
    expect((await listStore(agent, kept.storeId)).status).toBe(200);
    expect((await note(agent, order._id)).status).toBe(200);

    const removed = await system.request(
      'DELETE',
      `/api/confirmateur/${agent.id}`,
      { storeId: kept.storeId },
      owner.token,
    );
    expect(removed.status).toBe(200);
    const elapsed = await untilRefused(() => [listStore(agent, kept.storeId), note(agent, order._id)]);
    console.log(`Agent removed: refused after ${Math.round(elapsed)} ms`);
    expect(elapsed).toBeLessThan(ACCESS_ENDS_WITHIN_MS);

    expect((await note(agent, order._id)).body).toMatchObject({ message: 'Order not found' });
    const other = await listStore(agent, gone.storeId);
    expect([other.status, (other.body as unknown as OrderView[]).length]).toEqual([200, 3]);
  });

  it('ignores an older list of the agent’s stores arriving late', async () => {
    const [row] = await query<{ version: string }>(
      system,
      'select version::text from orders.agent_versions where agent_id = $1',
      [agent.id],
    );
    const queue = new Queue(QueueName.OrdersAccess, {
      connection: bullConnection(system.redis.url),
      prefix: 'tawsil',
    });
    try {
      // The list of before the removal, delivered after it (a retry, a slow worker).
      await queue.add('agent-stores', {
        version: String(BigInt(row.version) - 1n),
        agents: [{ agentId: agent.id, storeIds: [kept.storeId, gone.storeId] }],
      });
      await waitFor(
        'the late list to be handled',
        () => queue.getJobCounts('waiting', 'active', 'delayed'),
        (counts) => Object.values(counts).every((n) => n === 0),
      );
    } finally {
      await queue.close();
    }
    expect((await listStore(agent, kept.storeId)).status).toBe(404);
    expect((await listStore(agent, gone.storeId)).status).toBe(200);
  });

  it('refuses the owner and the agents of a removed store within a second', async () => {
    const [order] = gone.orders;
    expect((await note(owner, order._id)).status).toBe(200);

    const removed = await system.request(
      'DELETE',
      `/api/stores/youcan/${gone.storeId}`,
      undefined,
      owner.token,
    );
    expect(removed.status).toBe(200);
    const elapsed = await untilRefused(() => [
      listStore(owner, gone.storeId),
      note(owner, order._id),
      listStore(agent, gone.storeId),
    ]);
    console.log(`Store removed: refused after ${Math.round(elapsed)} ms`);
    expect(elapsed).toBeLessThan(ACCESS_ENDS_WITHIN_MS);

    // delivery/zr no longer counts the store as its owner's.
    await waitFor(
      'delivery/zr to record the removal',
      () =>
        query(
          system,
          'select 1 from delivery_zr.store_owners where store_id = $1 and removed_at is not null',
          [gone.storeId],
        ),
      (rows) => rows.length === 1,
    );
    expect((await listStore(owner, kept.storeId)).status).toBe(200);
  });

  it('fills in stores and memberships that existed before orders and delivery/zr kept them', async () => {
    // As before this record existed: only stores/youcan and identity know the store and the member.
    await query(system, 'delete from orders.store_owners where store_id = $1', [kept.storeId]);
    await query(system, 'delete from orders.store_agents where agent_id = $1', [laterAgent.id]);
    await query(system, 'delete from orders.agent_versions where agent_id = $1', [laterAgent.id]);
    await query(system, 'delete from delivery_zr.store_owners where store_id = $1', [kept.storeId]);
    expect((await listStore(owner, kept.storeId)).status).toBe(404);
    expect((await listStore(laterAgent, kept.storeId)).status).toBe(404);

    // New instances send everything at start-up, as a deploy of this version does.
    await Promise.all([system.startService('stores-youcan'), system.startService('identity')]);
    for (const user of [owner, laterAgent])
      await waitFor(
        `${user.name} to reach the store again`,
        () => listStore(user, kept.storeId),
        (answer) => answer.status === 200 && (answer.body as unknown as OrderView[]).length === 3,
      );
    const [owned] = await query(system, 'select owner_id from delivery_zr.store_owners where store_id = $1', [
      kept.storeId,
    ]);
    expect(owned).toEqual({ owner_id: owner.id });
    // The removed store and the agent taken off a store stay out.
    expect((await listStore(owner, gone.storeId)).status).toBe(404);
    expect((await listStore(agent, kept.storeId)).status).toBe(404);
  });
});
