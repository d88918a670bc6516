import type { OrderView } from '@tawsil/contracts/orders';
import { QueueName } from '@tawsil/contracts/queues';
import type { StoreSummaryDto } from '@tawsil/contracts/stores-youcan';
import { bullConnection } from '@tawsil/nest-common';
import {
  deliverWebhook,
  linkStore,
  ordersOf,
  pipelineIdle,
  query,
  registerUser,
  sandbox,
  TestSystem,
  type TestUser,
  waitFor,
} from '@tawsil/testing';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';

const NUL = '\u0000';

describe('Control characters in text: refused naming the field, or stored clean; never a 5xx or a poisoned job', () => {
  let system: TestSystem;
  let owner: TestUser;

  beforeAll(async () => {
    system = await TestSystem.start({
      services: ['identity', 'orders', 'stores-youcan'],
      youcanSandbox: true,
    });
    owner = await registerUser(system, 'Amina Owner');
  });
  afterAll(() => system?.stop());

  const failedJobs = async () => {
    const names = [QueueName.YoucanOrderEvents, QueueName.OrdersSync, QueueName.YoucanImport];
    const queues = names.map(
      (name) => new Queue(name, { connection: bullConnection(system.redis.url), prefix: 'tawsil' }),
    );
    try {
      const counts = await Promise.all(queues.map((queue) => queue.getJobCounts('failed', 'delayed')));
      return counts.reduce((sum, count) => sum + count.failed + count.delayed, 0);
    } finally {
      await Promise.all(queues.map((queue) => queue.close()));
    }
  };

  it('register refuses a NUL in the name with a 400 naming the field', async () => {
    const email = `nul-${randomUUID().slice(0, 8)}@shop.dz`;
    const answer = await system.request('POST', '/api/users/register', {
      name: `Amina${NUL}Benali`,
      email,
      password: 'souk-el-fellah',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'name must not contain control characters',
      code: 'validation.failed',
      params: { field: 'name', constraint: 'controlCharacters', rule: 'validation.control_characters' },
    });
    const password = await system.request('POST', '/api/users/register', {
      name: 'Amina',
      email,
      password: `souk-el${NUL}-fellah`,
    });
    expect(password.body).toEqual({
      message: 'password must not contain control characters',
      code: 'validation.failed',
      params: { field: 'password', constraint: 'controlCharacters', rule: 'validation.control_characters' },
    });
    expect((await query(system, 'select 1 from identity.users where email = $1', [email])).length).toBe(0);
  });

  describe('with a store', () => {
    let storeId: string;
    let orders: OrderView[];

    beforeAll(async () => {
      storeId = await linkStore(system, owner, 'nul-store');
      await sandbox(system, 'POST', '/_sandbox/stores/nul-store/orders', { count: 3 });
      await waitFor(
        'the orders',
        () => ordersOf(system, storeId),
        (n) => n === 3,
      );
      orders = (await system.request('GET', '/api/orders/youcan', undefined, owner.token))
        .body as unknown as OrderView[];
    });

    it('a note with a NUL is refused naming the field; a note on two lines is kept', async () => {
      const path = `/api/orders/youcan/${orders[0]._id}`;
      const refused = await system.request('PUT', path, { note: `appel${NUL}` }, owner.token);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        message: 'note must not contain control characters',
        code: 'validation.failed',
        params: { field: 'note', constraint: 'controlCharacters', rule: 'validation.control_characters' },
      });
      const kept = await system.request('PUT', path, { note: 'Rappeler\ndemain' }, owner.token);
      expect(kept.status).toBe(200);
      expect((kept.body as unknown as { message: string }[])[0].message).toBe('Rappeler\ndemain');
    });

    it('a search with a NUL is refused naming the parameter', async () => {
      const answer = await system.request(
        'GET',
        `/api/orders/youcan?q=ab${encodeURIComponent(NUL)}c`,
        undefined,
        owner.token,
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        message: 'q must not contain control characters',
        code: 'validation.failed',
        params: { field: 'q', constraint: 'controlCharacters', rule: 'validation.control_characters' },
      });
    });

    it('an edit with a control character in a customer field is refused naming it', async () => {
      const order = orders[1];
      const answer = await system.request(
        'PUT',
        `/api/orders/youcan/${order._id}`,
        { ...order, quantity: 1, customer: { ...order.customer, city: `Bab\u0007Ezzouar` } },
        owner.token,
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        message: 'customer.city must not contain control characters',
        code: 'validation.failed',
        params: {
          field: 'customer.city',
          constraint: 'controlCharacters',
          rule: 'validation.control_characters',
        },
      });
    });

    it('a webhook order with a NUL is stored with the character removed, and its job succeeds', async () => {
      const externalId = randomUUID();
      const now = new Date().toISOString();
      const order = {
        id: externalId,
        ref: `W${NUL}1`,
        total: 3500,
        currency: 'DZD',
        created_at: now,
        updated_at: now,
        customer: {
          first_name: 'Sa\u0000mir',
          last_name: 'Haddad',
          phone: '0555123456',
          region: 'Alger',
          city: 'Bab Ezzouar',
        },
        variants: [{ price: 3500, quantity: 1, variant: { product: { name: `Montre${NUL} classique` } } }],
      };
      const delivered = await deliverWebhook(
        system,
        storeId,
        JSON.stringify({ event_name: 'order.create', data: order }),
      );
      expect(delivered.status).toBe(200);
      const [stored] = await waitFor(
        'the webhook order',
        () =>
          query<{ ref: string; customer_name: string; first_product_name: string }>(
            system,
            'select ref, customer_name, first_product_name from orders.orders where external_id = $1',
            [externalId],
          ),
        (rows) => rows.length === 1,
      );
      expect(stored).toEqual({
        ref: 'W1',
        customer_name: 'Samir Haddad',
        first_product_name: 'Montre classique',
      });
      await waitFor('the pipeline', () => pipelineIdle(system), Boolean);
      expect(await failedJobs()).toBe(0);
    });
  });

  it('an import page with a NUL order and an unstorable order stores the rest, says what was refused, and ends synced', async () => {
    const overrides: Record<string, unknown>[] = Array(60).fill({});
    overrides[2] = {
      shipping: {
        address: [{ full_name: `Zoubida${NUL} Xentral`, phone: '0661000000', region: 'Oran', city: 'Oran' }],
      },
    };
    overrides[40] = {
      ref: 'TOO-MANY',
      variants: [{ price: 100, quantity: 5_000_000_000, variant: { product: { name: 'Bracelet' } } }],
    };
    // The store holds these orders before it is linked: the initial import reads them (pages of 50).
    await sandbox(system, 'POST', '/_sandbox/stores/nul-import/orders', { count: 60, overrides });
    const storeId = await linkStore(system, owner, 'nul-import');
    const store = await waitFor(
      'the import to end',
      async () =>
        (
          (await system.request('GET', '/api/stores/youcan', undefined, owner.token))
            .body as unknown as StoreSummaryDto[]
        ).find((candidate) => candidate._id === storeId)!,
      (candidate) => candidate.sync.state !== 'importing',
    );
    expect(store.sync.state).toBe('synced');
    expect(store.sync.refused).toEqual([
      expect.objectContaining({ ref: 'TOO-MANY', reason: 'a quantity is above 1000000' }),
    ]);
    await waitFor(
      'the imported orders',
      () => ordersOf(system, storeId),
      (n) => n === 59,
    );
    const cleaned = await query<{ customer_name: string }>(
      system,
      `select customer_name from orders.orders where store_id = $1 and customer_name like 'Zoubida%'`,
      [storeId],
    );
    expect(cleaned).toEqual([{ customer_name: 'Zoubida Xentral' }]);
    await waitFor('the pipeline', () => pipelineIdle(system), Boolean);
    expect(await failedJobs()).toBe(0);
  });
});
