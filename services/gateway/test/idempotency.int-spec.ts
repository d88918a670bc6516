import type { OrderView } from '@tawsil/contracts/orders';
import {
  addConfirmateur,
  addZrAccount,
  authorizeStore,
  followCallback,
  invitationTokenIn,
  linkStore,
  ordersOf,
  query,
  registerUser,
  sandbox,
  TestSystem,
  type TestUser,
  waitFor,
  zrCredentials,
} from '@tawsil/testing';
import { randomUUID } from 'node:crypto';

const REUSED = 'Idempotency-Key was already used for a different request';

describe('Repeating any write with the same Idempotency-Key returns the first answer and changes nothing', () => {
  let system: TestSystem;
  let owner: TestUser;
  let agent: TestUser;
  let storeId: string;
  let orders: OrderView[];

  beforeAll(async () => {
    system = await TestSystem.shared({ youcanSandbox: true, zrSandbox: true });
    [owner, agent] = await Promise.all([
      registerUser(system, 'Amina Owner'),
      registerUser(system, 'Yacine Agent', true),
    ]);
    storeId = await linkStore(system, owner, 'once-only');
    await sandbox(system, 'POST', '/_sandbox/stores/once-only/orders', { count: 8 });
    await waitFor(
      'the orders',
      () => ordersOf(system, storeId),
      (n) => n === 8,
    );
    orders = (await system.request('GET', '/api/orders/youcan', undefined, owner.token))
      .body as unknown as OrderView[];
  });

  /** The same call twice under one fresh key. */
  const twice = async (method: string, path: string, body: unknown, token?: string) => {
    const headers = { 'idempotency-key': `test-${randomUUID()}` };
    const first = await system.request(method, path, body, token, headers);
    const repeat = await system.request(method, path, body, token, headers);
    return { first, repeat, headers };
  };
  const count = async (sql: string, params: unknown[]) =>
    Number((await query<{ n: string }>(system, `select count(*) as n from ${sql}`, params))[0].n);
  const historyOf = (orderId: string) => count('orders.order_history where order_id = $1', [orderId]);

  it('notes: one note and one history entry', async () => {
    const order = orders[0];
    const { first, repeat } = await twice(
      'PUT',
      `/api/orders/youcan/${order._id}`,
      { note: 'Rappeler après 18h' },
      owner.token,
    );
    expect(first.status).toBe(200);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(await count('orders.order_notes where order_id = $1', [order._id])).toBe(1);
    expect(await historyOf(order._id)).toBe(1);
  });

  it('a refusal is not stored: the same key runs the write once it can succeed', async () => {
    const order = orders[0];
    const headers = { 'idempotency-key': `test-${randomUUID()}` };
    const path = `/api/orders/youcan/${order._id}`;
    const refused = await system.request('PUT', path, { note: 'Client absent' }, agent.token, headers);
    expect(refused.status).toBe(404); // the agent does not work on the store yet
    await addConfirmateur(system, owner, storeId, agent);
    const accepted = await system.request('PUT', path, { note: 'Client absent' }, agent.token, headers);
    expect(accepted.status).toBe(200);
    expect(await count('orders.order_notes where order_id = $1', [order._id])).toBe(2);
  });

  it('notes sent at the same moment under one key are written once', async () => {
    const order = orders[1];
    const headers = { 'idempotency-key': `test-${randomUUID()}` };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        system.request(
          'PUT',
          `/api/orders/youcan/${order._id}`,
          { note: 'Une seule fois' },
          owner.token,
          headers,
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    for (const answer of answers) expect(answer.body).toEqual(answers[0].body);
    expect(await count('orders.order_notes where order_id = $1', [order._id])).toBe(1);
  });

  it('a key used again for a different request answers 422 and writes nothing', async () => {
    const order = orders[1];
    const headers = { 'idempotency-key': `test-${randomUUID()}` };
    const path = `/api/orders/youcan/${order._id}`;
    expect((await system.request('PUT', path, { note: 'premier' }, owner.token, headers)).status).toBe(200);
    const reused = await system.request('PUT', path, { note: 'autre chose' }, owner.token, headers);
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({ message: REUSED, code: 'errors.idempotency_key_reused' });
    expect(
      await count('orders.order_notes where order_id = $1 and message = $2', [order._id, 'autre chose']),
    ).toBe(0);
  });

  it('a key is remembered for 24 hours: after that the same key is a new write', async () => {
    const order = orders[5];
    const key = `test-${randomUUID()}`;
    const path = `/api/orders/youcan/${order._id}`;
    await system.request('PUT', path, { note: 'hier' }, owner.token, { 'idempotency-key': key });
    await query(
      system,
      `update orders.idempotency_keys set created_at = now() - interval '25 hours' where key = $1`,
      [`${owner.id}:${key}`],
    );
    const later = await system.request('PUT', path, { note: 'hier' }, owner.token, {
      'idempotency-key': key,
    });
    expect(later.status).toBe(200);
    expect(await count('orders.order_notes where order_id = $1', [order._id])).toBe(2);
  });

  it('keys belong to their user: the same key from another user is another write', async () => {
    const order = orders[2];
    const headers = { 'idempotency-key': `shared-${randomUUID()}` };
    const path = `/api/orders/youcan/${order._id}`;
    await system.request('PUT', path, { note: 'du propriétaire' }, owner.token, headers);
    const other = await system.request('PUT', path, { note: "de l'agent" }, agent.token, headers);
    expect(other.status).toBe(200);
    expect(await count('orders.order_notes where order_id = $1', [order._id])).toBe(2);
  });

  it('edits: the repeat answers the edited order, not a 409 naming the caller', async () => {
    const order = orders[3];
    const edit = { ...order, quantity: order.variants[0].quantity, status: 'confirmé' };
    const { first, repeat } = await twice('PUT', `/api/orders/youcan/${order._id}`, edit, agent.token);
    expect(first.status).toBe(200);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(await historyOf(order._id)).toBe(1);
    const [row] = await query<{ version: number }>(
      system,
      'select version from orders.orders where id = $1',
      [order._id],
    );
    expect(row.version).toBe(order.version + 1);
  });

  it('delivery: one delivery choice and one history entry', async () => {
    const account = await addZrAccount(system, owner, 'Boutique Once');
    const order = orders[4];
    const delivery = {
      deliveryAccount: account._id,
      wilaya: '16',
      isStopDesk: false,
      commune: 'Bab Ezzouar',
    };
    const { first, repeat } = await twice(
      'PUT',
      `/api/orders/youcan/${order._id}`,
      { delivery },
      owner.token,
    );
    expect(first.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(await historyOf(order._id)).toBe(1);
  });

  it('bulk delete: the repeat names the same deleted orders, and the store count drops once', async () => {
    const ids = [orders[6]._id, orders[7]._id];
    const { first, repeat } = await twice('DELETE', '/api/orders/youcan', { orderIds: ids }, owner.token);
    expect(first.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect([...(first.body as unknown as { deletedIds: string[] }).deletedIds].sort()).toEqual(
      [...ids].sort(),
    );
    expect(await ordersOf(system, storeId)).toBe(6);
    const [counter] = await query<{ orders: number }>(
      system,
      'select orders from orders.store_order_counts where store_id = $1',
      [storeId],
    );
    expect(Number(counter.orders)).toBe(6);
  });

  it('register: one account; the repeat signs in the same user, and needs the same password', async () => {
    const email = `repeat-${randomUUID().slice(0, 8)}@shop.dz`;
    const body = { name: 'Samira Repeat', email, password: 'souk-el-fellah' };
    const { first, repeat, headers } = await twice('POST', '/api/users/register', body);
    expect(first.status).toBe(201);
    expect(repeat.status).toBe(201);
    expect(repeat.body._id).toBe(first.body._id);
    expect(typeof repeat.body.token).toBe('string');
    const me = await system.request('GET', '/api/users/me', undefined, repeat.body.token as string);
    expect(me.body._id).toBe(first.body._id);
    expect(await count('identity.users where email = $1', [email])).toBe(1);

    const guessed = await system.request(
      'POST',
      '/api/users/register',
      { ...body, password: 'another-one' },
      undefined,
      headers,
    );
    expect(guessed.status).toBe(422);
    expect(guessed.body).toEqual({ message: REUSED, code: 'errors.idempotency_key_reused' });
    // The token is signed for each answer, never stored with the key.
    const [stored] = await query<{ answer: Record<string, unknown> }>(
      system,
      `select answer from identity.idempotency_keys where pattern = 'identity.user.register.v1' and answer->>'id' = $1`,
      [first.body._id],
    );
    expect(stored.answer).not.toHaveProperty('token');
  });

  it('confirmateurs: invited once (one mail), joined once and removed once, each repeat answering as the first', async () => {
    const other = await registerUser(system, 'Lydia Agent', true);
    const invited = await twice('POST', `/api/confirmateur/${storeId}`, { email: other.email }, owner.token);
    expect(invited.first.status).toBe(202);
    expect(invited.repeat.status).toBe(202);
    expect(invited.repeat.body).toEqual(invited.first.body);
    await system.waitForMail(other.email);
    expect(await system.mailbox(other.email)).toHaveLength(1);

    const token = invitationTokenIn((await system.mailbox(other.email))[0].links);
    const joined = await twice('POST', '/api/invitations/accept', { token }, other.token);
    expect([joined.first.status, joined.repeat.status]).toEqual([200, 200]);
    expect(joined.repeat.body).toEqual(joined.first.body);
    expect(await count('identity.memberships where confirmateur_id = $1', [other.id])).toBe(1);

    const removed = await twice('DELETE', `/api/confirmateur/${other.id}`, { storeId }, owner.token);
    expect(removed.first.status).toBe(200);
    expect(removed.repeat.status).toBe(200);
    expect(removed.repeat.body).toEqual(removed.first.body);
    expect(await count('identity.memberships where confirmateur_id = $1', [other.id])).toBe(0);
  });

  it('delivery accounts: added once and removed once, each repeat answering as the first', async () => {
    const second = await registerUser(system, 'Karim Owner');
    const body = { company: 'zrexpress', storeName: 'Karim Shop', ...(await zrCredentials(system)) };
    const added = await twice('POST', '/api/delivery/account', body, second.token);
    expect(added.first.status).toBe(201);
    expect(added.repeat.status).toBe(201);
    expect(added.repeat.body).toEqual(added.first.body);
    expect(await count('delivery_zr.accounts where owner_id = $1', [second.id])).toBe(1);
    const [stored] = await query<{ request_hash: string; answer: unknown }>(
      system,
      `select request_hash, answer from delivery_zr.idempotency_keys where pattern = 'delivery-zr.account.add.v1'`,
    );
    expect(JSON.stringify(stored)).not.toContain(body.apiKey);

    const accountId = (added.first.body.account as { _id: string })._id;
    const removed = await twice('DELETE', `/api/delivery/account/${accountId}`, undefined, second.token);
    expect(removed.first.status).toBe(200);
    expect(removed.repeat.body).toEqual(removed.first.body);
    expect(await count('delivery_zr.accounts where owner_id = $1', [second.id])).toBe(0);
  });

  it('saisie: the repeat answers the same job, even after it ended', async () => {
    const { first, headers } = await twice(
      'POST',
      '/api/ZR/saisie',
      { orderIds: [orders[5]._id] },
      owner.token,
    );
    expect(first.status).toBe(202);
    const jobId = first.body.jobId as string;
    await waitFor(
      'the saisie to end',
      async () => (await system.request('GET', `/api/ZR/saisie/${jobId}`, undefined, owner.token)).body.state,
      (state) => state !== 'queued' && state !== 'active',
    );
    const later = await system.request(
      'POST',
      '/api/ZR/saisie',
      { orderIds: [orders[5]._id] },
      owner.token,
      headers,
    );
    expect(later.status).toBe(202);
    expect(later.body.jobId).toBe(jobId);
    expect(await count('delivery_zr.saisie_jobs where owner_id = $1', [owner.id])).toBe(1);
  });

  it('the OAuth callback: a repeat of the same callback is refused as used and exchanges nothing again', async () => {
    const { callback, landing, cookie } = await authorizeStore(system, owner, 'callback-twice');
    expect(landing.searchParams.get('linked')).toBe('callback-twice');
    const again = await followCallback(system, callback, cookie);
    expect(again.search).toBe('?error=link_used');
    expect(await count(`stores_youcan.stores where name = 'callback-twice'`, [])).toBe(1);
  });

  it('store removal: the repeat answers the removed store, not 404', async () => {
    const removable = await linkStore(system, owner, 'removed-twice');
    const { first, repeat } = await twice(
      'DELETE',
      `/api/stores/youcan/${removable}`,
      undefined,
      owner.token,
    );
    expect(first.status).toBe(200);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(await count('stores_youcan.stores where id = $1', [removable])).toBe(0);
  });

  it('without a key, each HTTP request is its own write', async () => {
    const order = orders[2];
    const before = await count('orders.order_notes where order_id = $1', [order._id]);
    for (let i = 0; i < 2; i++)
      await system.request('PUT', `/api/orders/youcan/${order._id}`, { note: 'sans clé' }, owner.token);
    expect(await count('orders.order_notes where order_id = $1', [order._id])).toBe(before + 2);
  });
});
