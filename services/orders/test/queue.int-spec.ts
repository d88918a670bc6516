import type { OrderView } from '@tawsil/contracts/orders';
import { query, registerUser, TestSystem, type TestUser } from '@tawsil/testing';
import { shiftOrder, storeWithAgents, workspaceApi } from './queue-world';

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('The call queue: attempts, callbacks, claims and the full order PUT', () => {
  let system: TestSystem;
  let api: ReturnType<typeof workspaceApi>;
  let owner: TestUser;
  let outsider: TestUser;
  let karim: TestUser;
  let lydia: TestUser;
  let store: string;

  beforeAll(async () => {
    system = await TestSystem.shared({
      services: ['identity', 'orders', 'stores-youcan'],
      youcanSandbox: true,
    });
    api = workspaceApi(system);
    [owner, outsider] = await Promise.all([
      registerUser(system, 'Amina Owner'),
      registerUser(system, 'Walid Owner'),
    ]);
    ({
      storeId: store,
      agents: [karim, lydia],
    } = await storeWithAgents(system, owner, 'queue-main', 30, ['Karim Agent', 'Lydia Agent']));
  });

  /** The store's pending orders, oldest first, as the queue should list them. */
  const pendingOldestFirst = async () =>
    (await api.orders(owner, store))
      .filter((order) => order.status === 'pending')
      .sort((a, b) => a.orderDate.localeCompare(b.orderDate) || a._id.localeCompare(b._id));

  it('counts each "pas de réponse" as an attempt, shows it in the history and proposes Annulée past the maximum', async () => {
    const [order] = await pendingOldestFirst();
    const first = await api.save(karim, order, { status: 'pas de réponse' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'pas de réponse', attempts: 1 });
    const second = await api.save(lydia, first.body as unknown as OrderView, { status: 'pas de réponse' });
    expect(second.body).toMatchObject({ status: 'pas de réponse', attempts: 2 });

    const seen = await api.order(owner, store, order._id);
    expect(seen.history!.map((entry) => [entry.changes, entry.user.name])).toEqual([
      ['status: "pending" → "pas de réponse"', 'Karim Agent'],
      ['Attempt 1: pas de réponse', 'Karim Agent'],
      ['Attempt 2: pas de réponse', 'Lydia Agent'],
    ]);
    const attempts = await query(
      system,
      'select number, user_name from orders.order_attempts where order_id = $1 order by number',
      [order._id],
    );
    expect(attempts).toEqual([
      { number: 1, user_name: 'Karim Agent' },
      { number: 2, user_name: 'Lydia Agent' },
    ]);

    // Just called: not again before the retry delay; once it passed, in the retry bucket.
    expect((await api.queue(karim, store)).orders.map((o) => o._id)).not.toContain(order._id);
    await shiftOrder(system, order._id, `last_attempt_at = now() - interval '3 hours'`);
    const queued = (await api.queue(karim, store)).orders.find((o) => o._id === order._id);
    expect(queued).toMatchObject({ attempts: 2 });
    expect(queued!.proposeCancel).toBeUndefined();
    expect((await api.settings(owner, store, { maxAttempts: 2 })).body).toMatchObject({ maxAttempts: 2 });
    expect((await api.queue(karim, store)).orders.find((o) => o._id === order._id)!.proposeCancel).toBe(true);
    await api.settings(owner, store, { maxAttempts: 5 });
  });

  it('asks for a callback time in the future with reporté, and puts due callbacks first, the most overdue first', async () => {
    const [a, b] = await pendingOldestFirst();
    const refused = await api.save(karim, a, { status: 'reporté' });
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 400,
      message: 'callbackAt is required when status is reporté',
    });
    const past = await api.save(karim, a, { status: 'reporté', callbackAt: hoursFromNow(-1) });
    expect(past.body.message).toBe('callbackAt must be in the future');

    const later = hoursFromNow(2);
    const postponed = await api.save(karim, a, { status: 'reporté', callbackAt: later });
    expect(postponed.body).toMatchObject({ status: 'reporté', callbackAt: later });
    await api.save(karim, b, { status: 'reporté', callbackAt: hoursFromNow(3) });
    let queue = await api.queue(karim, store);
    expect(queue.orders.map((o) => o._id)).not.toContain(a._id);
    expect(queue.counts).toMatchObject({ callbacks: 2, overdue: 0 });

    await shiftOrder(system, a._id, `callback_at = now() - interval '5 minutes'`);
    await shiftOrder(system, b._id, `callback_at = now() - interval '2 hours'`);
    queue = await api.queue(karim, store);
    expect(queue.orders.slice(0, 2).map((o) => o._id)).toEqual([b._id, a._id]);
    expect(queue.counts).toMatchObject({ callbacks: 2, overdue: 2 });
    // Another status drops the callback.
    const fresh = await api.order(karim, store, a._id);
    expect((await api.save(karim, fresh, { status: 'confirmé' })).body).toMatchObject({ callbackAt: null });
  });

  it('lists callbacks, then new orders oldest first, then unanswered ones whose delay passed, with counts', async () => {
    const queue = await api.queue(lydia, store);
    const pending = await pendingOldestFirst();
    const buckets = queue.orders.map((o) =>
      o.status === 'reporté' ? 'callback' : o.status === 'pending' ? 'new' : 'retry',
    );
    expect(queue.orders.filter((o) => o.status === 'pending').map((o) => o._id)).toEqual(
      pending.map((o) => o._id),
    );
    expect(queue.counts).toEqual({ callbacks: 1, new: pending.length, retry: 1, overdue: 1 });
    expect(buckets).toEqual(['callback', ...pending.map(() => 'new'), 'retry']);
    // Nobody else's queue: another owner's call reaches nothing of this store.
    expect((await api.call(outsider, 'GET', `/api/orders/queue?storeId=${store}`)).status).toBe(404);
  });

  it("claims an order for the store's claim time, refuses another agent's claim and save naming the holder, and lets the owner take over", async () => {
    const [order] = await pendingOldestFirst();
    const claimed = await api.claim(karim, order._id);
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ userId: karim.id, name: 'Karim Agent' });
    const minutes = (Date.parse(claimed.body.until as string) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);

    expect(await api.claim(lydia, order._id)).toMatchObject({
      status: 409,
      body: { message: 'Karim Agent is on this order' },
    });
    const refused = await api.save(lydia, order, { status: 'confirmé' });
    expect(refused).toMatchObject({ status: 409, body: { message: 'Karim Agent is on this order' } });
    expect((await api.order(lydia, store, order._id)).status).toBe('pending');
    expect((await api.order(lydia, store, order._id)).claim).toMatchObject({
      userId: karim.id,
      name: 'Karim Agent',
    });
    expect((await api.queue(lydia, store)).orders.map((o) => o._id)).not.toContain(order._id);
    expect((await api.queue(karim, store)).orders.find((o) => o._id === order._id)!.claim).toMatchObject({
      name: 'Karim Agent',
    });
    expect((await api.release(lydia, order._id)).status).toBe(409);

    expect((await api.claim(lydia, order._id, { takeover: true })).status).toBe(403);
    const takenOver = await api.claim(owner, order._id, { takeover: true });
    expect(takenOver.body).toMatchObject({ userId: owner.id, name: 'Amina Owner' });
    expect(await api.save(karim, order, { status: 'confirmé' })).toMatchObject({
      status: 409,
      body: { message: 'Amina Owner is on this order' },
    });
    expect((await api.release(owner, order._id)).body).toEqual({ released: true });
    expect((await api.order(karim, store, order._id)).claim).toBeNull();
  });

  it('ends a claim on save and on expiry', async () => {
    const [order, other] = await pendingOldestFirst();
    await api.claim(karim, order._id);
    const saved = await api.save(karim, order, { status: 'confirmé' });
    expect(saved).toMatchObject({ status: 200, body: { status: 'confirmé', claim: null } });

    await api.claim(karim, other._id);
    await shiftOrder(system, other._id, `claimed_until = now() - interval '1 second'`);
    expect((await api.order(lydia, store, other._id)).claim).toBeNull();
    expect((await api.save(lydia, other, { status: 'annulée' })).status).toBe(200);
    expect((await api.claim(karim, 'd3b07384-d113-4ec6-a1b1-0b2d4c3e5f60')).status).toBe(404);
  });

  it('takes back the order as GET answers it, status changed, with every product line', async () => {
    const orders = await api.orders(owner, store);
    const multi =
      orders.find((order) => order.status === 'pending' && order.variants.length > 1) ?? orders[0];
    const changed = multi.variants.map((line, i) => ({ ...line, quantity: line.quantity + i + 1 }));
    const answer = await system.request(
      'PUT',
      `/api/orders/youcan/${multi._id}`,
      { ...multi, status: 'confirmé', variants: changed },
      karim.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'confirmé',
      variants: changed,
      version: multi.version + 1,
      confirmateur: { name: 'Karim Agent' },
    });
    // Read back and sent back as it is, with its notes and a delivery: accepted, nothing changes.
    const read = await api.order(karim, store, multi._id);
    const again = await api.save(karim, read, { delivery: read.delivery, notes: read.notes });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ version: read.version, variants: changed });
  });

  it('names the missing or wrong field of a full order', async () => {
    const [order] = await pendingOldestFirst();
    const { phone: _phone, ...withoutPhone } = order.customer;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...order, customer: withoutPhone }, 'customer.phone is required'],
      [{ ...order, customer: undefined }, 'customer is required'],
      [{ ...order, status: undefined }, 'status is required'],
      [{ ...order, version: undefined }, 'version is required'],
      [{ ...order, variants: [{ quantity: 0 }] }, 'variants.0.quantity must not be less than 1'],
      [{ ...order, variants: [...order.variants, ...order.variants] }, 'variants must list the order'],
    ];
    for (const [body, message] of cases) {
      const answer = await system.request('PUT', `/api/orders/youcan/${order._id}`, body, karim.token);
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 400,
        message: expect.stringContaining(message),
      });
    }
    expect(await api.order(owner, store, order._id)).toEqual(order);
  });
});
