import { QueueName, RepairSweeps } from '@tawsil/contracts/queues';
import { bullConnection } from '@tawsil/nest-common';
import {
  linkStore,
  ordersOf,
  pipelineIdle,
  postWebhook,
  query,
  registerUser,
  sandbox,
  signYoucan,
  TestSystem,
  waitFor,
  webhookUrl,
} from '@tawsil/testing';
import { Queue, QueueEvents } from 'bullmq';
import { createHash, randomUUID } from 'node:crypto';
import { request } from 'node:http';

const NOT_THIS_STORE = {
  message: 'Unknown store or wrong webhook key',
  code: 'stores.webhook_unknown_store',
};

/** A POST from a local address of our choosing, so each test has an address count of its own. */
function postFrom(localAddress: string, url: string, body: string, signature: string) {
  return new Promise<{ status: number; retryAfter?: string; body: unknown }>((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'x-youcan-signature': signature },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            retryAfter: response.headers['retry-after'] as string | undefined,
            body: JSON.parse(text),
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

describe('YouCan webhooks bound to their store', () => {
  let system: TestSystem;
  let storeA: string;
  let storeB: string;
  const idle = () =>
    waitFor(
      'the queues to drain',
      () => pipelineIdle(system),
      (done) => done,
    );
  const customerOf = async (storeId: string, externalId: string) =>
    (
      await query<{ customer_name: string }>(
        system,
        'select customer_name from orders.orders where store_id = $1 and external_id = $2',
        [storeId, externalId],
      )
    ).map((row) => row.customer_name);

  beforeAll(async () => {
    system = await TestSystem.start({
      services: ['identity', 'orders', 'stores-youcan'],
      youcanSandbox: true,
    });
    const [owner, neighbour] = await Promise.all([
      registerUser(system, 'Samira Haddad'),
      registerUser(system, 'Yacine Ferhat'),
    ]);
    storeA = await linkStore(system, owner, 'souk-annaba');
    storeB = await linkStore(system, neighbour, 'souk-bejaia');
  });
  afterAll(() => system?.stop());

  /** A new order in the store's YouCan, whose webhook YouCan has not sent: the test sends it. */
  async function newOrder(slug: string) {
    const { created } = await sandbox(system, 'POST', `/_sandbox/stores/${slug}/orders`, {
      count: 1,
      webhook: false,
    });
    const order = (created as { id: string; customer: { full_name: string } }[])[0];
    return { order, body: JSON.stringify(order) };
  }

  it('stores one order for a delivery sent twice, and nothing new when it comes again after the queue forgot it', async () => {
    const { order, body } = await newOrder('souk-annaba');
    expect((await postWebhook(system, storeA, body)).status).toBe(200);
    expect((await postWebhook(system, storeA, body)).status).toBe(200);
    await waitFor(
      'the order',
      () => ordersOf(system, storeA),
      (count) => count === 1,
    );
    await idle();
    const firstName = (await customerOf(storeA, order.id))[0];

    // The store changes the order at YouCan; the old delivery is replayed once its job is gone.
    await sandbox(system, 'PUT', `/_sandbox/stores/souk-annaba/orders/${order.id}`, {
      customer: { ...order.customer, full_name: 'Rejoué Plus Tard' },
      shipping: null,
    });
    const queue = new Queue(QueueName.YoucanOrderEvents, {
      connection: bullConnection(system.redis.url),
      prefix: 'tawsil',
    });
    const digest = createHash('sha256').update(body).digest('hex');
    await (await queue.getJob(`${storeA}-${digest.slice(0, 40)}`))!.remove();
    await queue.close();
    expect((await postWebhook(system, storeA, body)).status).toBe(200);
    await idle();

    expect(await customerOf(storeA, order.id)).toEqual([firstName]);
    expect(
      await query(system, 'select delivery_id from stores_youcan.webhook_deliveries where store_id = $1', [
        storeA,
      ]),
    ).toEqual([{ delivery_id: digest }]);
  });

  it('forgets deliveries older than WEBHOOK_DELIVERIES_KEPT_DAYS when its sweep runs', async () => {
    await query(
      system,
      `insert into stores_youcan.webhook_deliveries (store_id, delivery_id, received_at)
       values ($1, 'eight-days-old', now() - interval '8 days'), ($1, 'six-days-old', now() - interval '6 days')`,
      [storeA],
    );
    const repair = new Queue(QueueName.YoucanRepair, {
      connection: bullConnection(system.redis.url),
      prefix: 'tawsil',
    });
    const events = new QueueEvents(QueueName.YoucanRepair, {
      connection: bullConnection(system.redis.url),
      prefix: 'tawsil',
    });
    try {
      const job = await repair.add(RepairSweeps.webhookDeliveries, {});
      expect(await job.waitUntilFinished(events, 60_000)).toEqual({ forgotten: 1 });
    } finally {
      await Promise.all([repair.close(), events.close()]);
    }
    const kept = await query<{ delivery_id: string }>(
      system,
      "select delivery_id from stores_youcan.webhook_deliveries where delivery_id like '%-days-old'",
    );
    expect(kept).toEqual([{ delivery_id: 'six-days-old' }]);
  });

  it("stores nothing in another store, with the first store's key or its own", async () => {
    const { order, body } = await newOrder('souk-annaba');
    const withKeyOfA = await postWebhook(system, storeB, body, webhookUrl(system, storeA).split('key=')[1]);
    expect([withKeyOfA.status, await withKeyOfA.json()]).toEqual([401, NOT_THIS_STORE]);

    // Its own key and a genuine signature: accepted, then read again from B's YouCan, which has no such order.
    expect((await postWebhook(system, storeB, body)).status).toBe(200);
    await idle();
    expect(await ordersOf(system, storeB)).toBe(0);
    expect(await customerOf(storeA, order.id)).toEqual([]);
  });

  it('answers an unknown store exactly as a wrong key, before reading the body', async () => {
    const body = JSON.stringify({ id: 'nothing' });
    for (const [store, key] of [
      [storeA, 'x'.repeat(43)],
      [storeA, ''],
      [randomUUID(), 'x'.repeat(43)],
      ['not-a-store', 'x'],
    ]) {
      const answer = await postWebhook(system, store, body, key);
      expect([store, answer.status, await answer.json()]).toEqual([store, 401, NOT_THIS_STORE]);
    }
    const noKey = await fetch(`${system.gatewayUrl}/api/webhooks/youcan?store=${storeA}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-youcan-signature': signYoucan(body) },
      body,
    });
    expect(noKey.status).toBe(401);
  });

  it('checks the signature before parsing a deep body, refuses it with 400 once signed, and a large one with 413', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const time = async (call: () => Promise<Response>) => {
      const started = performance.now();
      const answer = await call();
      return { status: answer.status, body: await answer.json(), ms: performance.now() - started };
    };
    const post = (body: string, signature: string) =>
      fetch(webhookUrl(system, storeA), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-youcan-signature': signature },
        body,
      });

    // Unsigned, it is refused for its signature: a parser would have stopped at its depth first.
    const unsigned = await time(() => post(deep, 'ab'.repeat(32)));
    expect(unsigned).toMatchObject({ status: 401, body: { message: 'Invalid webhook signature' } });
    expect(unsigned.ms).toBeLessThan(500);

    const signed = await time(() => post(deep, signYoucan(deep)));
    expect(signed).toMatchObject({
      status: 400,
      body: { message: 'The webhook body nests deeper than 32 levels' },
    });
    expect(signed.ms).toBeLessThan(500);

    const large = '['.repeat(200_000) + ']'.repeat(200_000);
    const tooLarge = await time(() => post(large, signYoucan(large)));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.ms).toBeLessThan(500);

    expect((await post('{"id":', signYoucan('{"id":'))).status).toBe(400);
    expect((await fetch(`${system.gatewayUrl}/health/ready`)).status).toBe(200);
  });

  it('answers 429 past the per-store and the per-address limits of a minute', async () => {
    const gateway = await system.startService('gateway', {
      WEBHOOK_STORE_LIMIT_PER_MINUTE: '3',
      WEBHOOK_ADDRESS_LIMIT_PER_MINUTE: '5',
    });
    const limitedUrl = (storeId: string, key?: string) =>
      webhookUrl(system, storeId, key).replace(system.gatewayUrl, `http://127.0.0.1:${gateway.httpPort}`);
    const storeC = await linkStore(system, await registerUser(system, 'Kamel Saadi'), 'souk-constantine');
    const body = JSON.stringify({ id: `limited-${randomUUID()}` });

    // Wrong keys from one address count against that address, and never against the store they name.
    const perAddress = [];
    for (let i = 0; i < 6; i++)
      perAddress.push((await postFrom('127.0.0.7', limitedUrl(storeC, 'wrong'), body, 'x')).status);
    expect(perAddress).toEqual([401, 401, 401, 401, 401, 429]);
    const perStore = [];
    for (let i = 0; i < 4; i++)
      perStore.push(await postFrom('127.0.0.6', limitedUrl(storeC), body, signYoucan(body)));
    expect(perStore.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(perStore[3].body).toEqual({
      message: 'Too many webhook deliveries, try again in a minute',
      code: 'errors.too_many_requests',
    });
    expect(Number(perStore[3].retryAfter)).toBeGreaterThan(0);
  });

  it('subscribes a store whose hook has no key at its keyed address when the service starts', async () => {
    const hooksOf = async (slug: string) =>
      (
        (await sandbox(system, 'GET', '/_sandbox/stores')) as unknown as {
          slug: string;
          hooks: { id: string; target_url: string }[];
        }[]
      ).find((store) => store.slug === slug)!.hooks;
    const [before] = await hooksOf('souk-bejaia');
    expect(before.target_url).toBe(webhookUrl(system, storeB));
    // As a store linked before keys: its subscription is not the keyed one.
    await query(system, 'update stores_youcan.stores set webhook_target_digest = null where id = $1', [
      storeB,
    ]);

    await system.startService('stores-youcan');
    const after = await waitFor(
      'the new subscription',
      () => hooksOf('souk-bejaia'),
      (hooks) => hooks.length === 1 && hooks[0].id !== before.id,
    );
    expect(after[0].target_url).toBe(webhookUrl(system, storeB));
    const [row] = await query(
      system,
      'select webhook_ids, webhook_target_digest from stores_youcan.stores where id = $1',
      [storeB],
    );
    expect(row).toEqual({
      webhook_ids: [after[0].id],
      webhook_target_digest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });
});
