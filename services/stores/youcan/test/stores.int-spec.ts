import {
  authorizeStore,
  deliverWebhook,
  ordersOf,
  phpJsonEncode,
  pipelineIdle,
  postWebhook,
  putInYoucan,
  query,
  registerUser,
  sandbox,
  signYoucan,
  TestSystem,
  type TestUser,
  waitFor,
  webhookUrl,
} from '@tawsil/testing';

interface StoreAnswer {
  _id: string;
  name: string;
  platform: string;
  ordersCount: number;
  sync: { state: string; imported: number; total: number | null; lastSyncAt: string | null };
}

describe('Connecting YouCan stores and receiving their orders', () => {
  let system: TestSystem;
  let owner: TestUser;

  beforeAll(async () => {
    system = await TestSystem.shared({
      services: ['identity', 'orders', 'stores-youcan'],
      youcanSandbox: true,
    });
    owner = await registerUser(system, 'Amina Benali');
  });

  const storesOf = async (user: TestUser) =>
    (await system.request('GET', '/api/stores/youcan', undefined, user.token))
      .body as unknown as StoreAnswer[];
  const storeNamed = async (user: TestUser, name: string) =>
    (await storesOf(user)).find((store) => store.name === name);

  it('links a store through the consent page, keeps its tokens sealed and subscribes to its orders', async () => {
    const { authUrl, callback, landing } = await authorizeStore(system, owner, 'souk-alger');
    expect(authUrl.searchParams.get('storename')).toBe('souk-alger');
    expect(callback.pathname).toBe('/api/stores/youcan/callback');
    expect(landing.pathname).toBe('/link-store');
    expect(landing.searchParams.get('linked')).toBe('souk-alger');

    const store = await waitFor(
      'the first sync',
      () => storeNamed(owner, 'souk-alger'),
      (found) => found?.sync.state === 'synced',
    );
    expect(store).toMatchObject({ platform: 'youcan', ordersCount: 0, sync: { imported: 0, total: 0 } });

    const [row] = await query(
      system,
      'select access_token, refresh_token from stores_youcan.stores where id = $1',
      [store!._id],
    );
    expect(row.access_token).toMatch(/^v1:/);
    expect(row.refresh_token).toMatch(/^v1:/);

    const sandboxStores = await sandbox(system, 'GET', '/_sandbox/stores');
    const hooks = (
      sandboxStores as unknown as { slug: string; hooks: { event: string; target_url: string }[] }[]
    ).find((entry) => entry.slug === 'souk-alger')!.hooks;
    expect(hooks).toEqual([
      expect.objectContaining({
        event: 'order.create',
        target_url: expect.stringContaining(`store=${store!._id}`),
      }),
    ]);
  });

  it('receives 50 new orders by webhook, each stored once, and counts them', async () => {
    const storeId = (await storeNamed(owner, 'souk-alger'))!._id;
    const created = await sandbox(system, 'POST', '/_sandbox/stores/souk-alger/orders', { count: 50 });
    expect(created.deliveries).toHaveLength(50);
    expect((created.deliveries as { status: number }[]).every((delivery) => delivery.status === 200)).toBe(
      true,
    );

    await waitFor(
      '50 orders',
      () => ordersOf(system, storeId),
      (count) => count === 50,
      15_000,
    );
    const [distinct] = await query(
      system,
      'select count(distinct external_id)::int as n, count(*) filter (where wilaya_code is null)::int as unknown from orders.orders where store_id = $1',
      [storeId],
    );
    expect(distinct).toEqual({ n: 50, unknown: 0 });
    expect((await storeNamed(owner, 'souk-alger'))!.ordersCount).toBe(50);
  });

  describe('webhooks', () => {
    let storeId: string;
    const order = (updatedAt: string, fullName: string) => ({
      id: 'yc-order-arabic-1',
      ref: '00777',
      total: 7800,
      currency: 'DZD',
      created_at: '2026-11-21T10:00:00.000Z',
      updated_at: updatedAt,
      customer: {
        first_name: 'x',
        last_name: 'y',
        phone: '0770000000',
        region: 'الجزائر',
        city: 'Bab Ezzouar',
      },
      variants: [{ quantity: 2, price: 3900, variant: { product: { name: 'عطر العود الملكي' } } }],
      shipping: {
        address: [{ full_name: fullName, phone: '0770123456', region: 'الجزائر', city: 'Bab Ezzouar' }],
      },
    });
    const stored = async () =>
      query(system, 'select * from orders.orders where store_id = $1 and external_id = $2', [
        storeId,
        'yc-order-arabic-1',
      ]);

    beforeAll(async () => {
      storeId = (await storeNamed(owner, 'souk-alger'))!._id;
    });

    it('stores an order with Arabic and accented names, signed over the raw body', async () => {
      const response = await deliverWebhook(
        system,
        storeId,
        JSON.stringify(order('2026-11-21T10:00:00.000Z', 'فاطمة الزهراء')),
      );
      expect(response.status).toBe(200);
      const [row] = await waitFor('the order', stored, (rows) => rows.length === 1);
      expect(row).toMatchObject({
        customer_name: 'فاطمة الزهراء',
        first_product_name: 'عطر العود الملكي',
        region_raw: 'الجزائر',
        wilaya_code: 16,
        total: '7800.00',
      });
    });

    it("accepts a body written as PHP's json_encode writes it, signed over its bytes", async () => {
      const body = order('2026-11-21T10:05:00.000Z', 'Chaïma Saïdi');
      const response = await deliverWebhook(system, storeId, phpJsonEncode(body));
      expect(response.status).toBe(200);
      await waitFor('the update', stored, (rows) => rows[0]?.customer_name === 'Chaïma Saïdi');
    });

    it('never duplicates nor rolls back an order delivered twice and out of order', async () => {
      const newest = JSON.stringify(order('2026-11-21T11:00:00.000Z', 'Réda Chérif'));
      const older = JSON.stringify(order('2026-11-21T10:30:00.000Z', 'Ancien Nom'));
      await putInYoucan(system, storeId, JSON.parse(newest));
      for (const body of [newest, newest, older])
        expect((await postWebhook(system, storeId, body)).status).toBe(200);
      await waitFor('the newest copy', stored, (rows) => rows[0]?.customer_name === 'Réda Chérif');
      // The older copy was queued last: give it time to be (not) applied.
      await waitFor(
        'the queues to drain',
        () => pipelineIdle(system),
        (idle) => idle,
      );
      const rows = await stored();
      expect(rows).toHaveLength(1);
      expect(rows[0].customer_name).toBe('Réda Chérif');
    });

    it('never overwrites what agents changed here', async () => {
      await query(
        system,
        `update orders.orders set status = 'confirmé', customer_phone = '0550999999', edited_fields = '{customer_phone}'
         where store_id = $1 and external_id = $2`,
        [storeId, 'yc-order-arabic-1'],
      );
      const body = JSON.stringify(order('2026-11-21T12:00:00.000Z', 'Nom Corrigé'));
      expect((await deliverWebhook(system, storeId, body)).status).toBe(200);
      const [row] = await waitFor('the update', stored, (rows) => rows[0]?.customer_name === 'Nom Corrigé');
      expect(row).toMatchObject({ status: 'confirmé', customer_phone: '0550999999' });
    });

    it('refuses a forged or missing signature with 401 and stores nothing', async () => {
      const body = JSON.stringify({ ...order('2026-11-21T13:00:00.000Z', 'Forgé'), id: 'yc-forged' });
      await putInYoucan(system, storeId, JSON.parse(body));
      const forged = await fetch(webhookUrl(system, storeId), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-youcan-signature': 'ab'.repeat(32) },
        body,
      });
      expect(forged.status).toBe(401);
      expect(await forged.json()).toEqual({
        message: 'Invalid webhook signature',
        code: 'stores.webhook_signature_invalid',
      });
      const unsigned = await fetch(webhookUrl(system, storeId), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(unsigned.status).toBe(401);
      const signedForAnotherBody = await fetch(webhookUrl(system, storeId), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-youcan-signature': signYoucan('{"id":"other"}') },
        body,
      });
      expect(signedForAnotherBody.status).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await query(system, `select 1 from orders.orders where external_id = 'yc-forged'`)).toEqual([]);
    });
  });
});
