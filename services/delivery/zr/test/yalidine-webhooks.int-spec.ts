import type { DeliveryAccountView } from '@tawsil/contracts/delivery-zr';
import { OrderStatus, type OrderView } from '@tawsil/contracts/orders';
import {
  confirmAndSetDelivery,
  HOME_ALGER,
  query,
  registerUser,
  ROOMY_YALIDINE_QUOTA_ENV,
  ROOMY_YALIDINE_QUOTAS,
  saisieFinished,
  setYalidineSandbox,
  startSaisie,
  storeWithOrders,
  TestSystem,
  type TestUser,
  waitFor,
  yalidineCredentials,
  yalidineParcels,
  yalidineSandbox,
  type YalidineSandboxParcel,
} from '@tawsil/testing';
import { createHmac, randomUUID } from 'node:crypto';

interface Subscription {
  id: string;
  url: string;
  secret: string;
  active: boolean;
  delivered: number;
  failedAttempts: number;
}

/**
 * Yalidine pushes parcel events in signed batches: the owner registers the account's address in
 * Yalidine's dashboard (here the sandbox's control route), which checks it with a `crc_token`, and
 * pastes the secret it shows. The gateway's public route hands each batch to delivery-zr, which
 * checks `X-YALIDINE-SIGNATURE`, applies an `event_id` once, and moves the order as tracking would.
 * Tracking reads parcels once an hour here, so every move seen comes from a webhook.
 */
describe("Yalidine's webhooks", () => {
  let system: TestSystem;
  let owner: TestUser;
  let account: DeliveryAccountView;
  let orders: OrderView[];
  let subscription: Subscription;
  let parcels: YalidineSandboxParcel[];

  beforeAll(async () => {
    system = await TestSystem.start({
      services: ['identity', 'orders', 'stores-youcan', 'delivery-zr'],
      youcanSandbox: true,
      yalidineSandbox: true,
      env: { ZR_TRACKING_INTERVAL_MS: '3600000', ...ROOMY_YALIDINE_QUOTA_ENV },
    });
    await setYalidineSandbox(system, { ...ROOMY_YALIDINE_QUOTAS, returnShare: 0 });
    owner = await registerUser(system, 'Yasmine Owner');
    orders = (await storeWithOrders(system, owner, 'yalidine-webhooks', 4)).orders;
  });
  afterAll(async () => {
    await system?.stop();
  });

  const webhookUrl = (accountId = account._id) => `${system.gatewayUrl}/api/webhooks/yalidine/${accountId}`;
  const statusOf = async (order: OrderView) =>
    (
      (await system.request('GET', '/api/orders/youcan?limit=500', undefined, owner.token))
        .body as unknown as OrderView[]
    ).find((candidate) => candidate._id === order._id)!.status;
  const deliveriesOf = (eventId: string) =>
    query(
      system,
      'select svix_id from delivery_zr.webhook_deliveries where account_id = $1 and svix_id = $2',
      [account._id, eventId],
    );
  const parcelOf = (order: OrderView) =>
    parcels.find((parcel) => parcel.order_id === order.delivery?.tracking);
  const post = async (body: string, signature?: string, accountId = account._id) => {
    const response = await fetch(webhookUrl(accountId), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-yalidine-signature': signature }),
      },
      body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const sign = (body: string, secret = subscription.secret) =>
    createHmac('sha256', secret).update(body).digest('hex');
  const statusBatch = (parcel: YalidineSandboxParcel, status: string, eventId = randomUUID()) =>
    JSON.stringify({
      type: 'parcel_status_updated',
      events: [
        {
          event_id: eventId,
          occurred_at: '2026-11-27 10:00:00',
          data: {
            tracking: parcel.tracking,
            order_id: parcel.order_id,
            status,
            date_status: '2026-11-27 10:00:00',
          },
        },
      ],
    });

  it('takes the webhook secret when the account is added, and never sends it back', async () => {
    const answer = await system.request(
      'POST',
      '/api/delivery/account',
      {
        company: 'yalidine',
        storeName: 'Boutique Yasmine',
        fromWilaya: 16,
        ...(await yalidineCredentials(system)),
        webhookSecret: 'pasted-before-registering',
      },
      owner.token,
    );
    expect(answer.status).toBe(201);
    account = (answer.body as unknown as { account: DeliveryAccountView }).account;
    expect(account).toMatchObject({ api: 'yalidine', webhookSecretSet: true });
    expect(JSON.stringify(answer.body)).not.toContain('pasted-before-registering');
    const [stored] = await query(system, 'select webhook_secret from delivery_zr.accounts where id = $1', [
      account._id,
    ]);
    expect(String(stored.webhook_secret)).not.toContain('pasted-before-registering');
  });

  it("answers Yalidine's crc_token check for a Yalidine account only", async () => {
    const token = 'a1b2c3d4e5f6';
    const answer = await fetch(`${webhookUrl()}?subscribe=1&crc_token=${token}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await answer.text()).toBe(token);
    for (const accountId of [randomUUID(), 'not-an-account']) {
      const unknown = await fetch(`${webhookUrl(accountId)}?subscribe=1&crc_token=${token}`);
      expect(unknown.status).toBe(404);
    }
    expect((await fetch(`${webhookUrl()}?subscribe=1`)).status).toBe(400);
  });

  it("registers in Yalidine's dashboard (the sandbox checks the address), then takes the secret it shows", async () => {
    const registered = await yalidineSandbox(system, 'POST', '/_sandbox/webhooks', { url: webhookUrl() });
    expect(registered.status).toBe(201);
    subscription = registered.body as Subscription;
    expect(subscription).toMatchObject({ url: webhookUrl(), active: true });

    const set = await system.request(
      'PUT',
      `/api/delivery/account/${account._id}/webhook-secret`,
      { webhookSecret: subscription.secret },
      owner.token,
    );
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ _id: account._id, webhookSecretSet: true });
    expect(JSON.stringify(set.body)).not.toContain(subscription.secret);
    const listed = await system.request('GET', '/api/delivery/account', undefined, owner.token);
    expect(JSON.stringify(listed.body)).not.toContain(subscription.secret);

    // Only its owner sets it, and only on a Yalidine account.
    const someone = await registerUser(system, 'Other Owner');
    const foreign = await system.request(
      'PUT',
      `/api/delivery/account/${account._id}/webhook-secret`,
      { webhookSecret: 'x' },
      someone.token,
    );
    expect(foreign.status).toBe(404);
    const empty = await system.request(
      'PUT',
      `/api/delivery/account/${account._id}/webhook-secret`,
      { webhookSecret: ' ' },
      owner.token,
    );
    expect(empty.status).toBe(400);
  });

  describe("a parcel's statuses", () => {
    beforeAll(async () => {
      const sent = orders.slice(0, 3);
      await confirmAndSetDelivery(system, owner, sent, account, HOME_ALGER);
      const view = await saisieFinished(
        system,
        owner,
        await startSaisie(
          system,
          owner,
          sent.map((order) => order._id),
        ),
      );
      expect(view.failedOrders).toEqual([]);
      parcels = await yalidineParcels(system);
      const announced = async () =>
        Number(
          (
            await query(
              system,
              'select count(*) from delivery_zr.parcels where account_id = $1 and announced_at is not null',
              [account._id],
            )
          )[0].count,
        );
      await waitFor('the saisie applied by orders', announced, (count) => count === 3);
      const all = (await system.request('GET', '/api/orders/youcan?limit=500', undefined, owner.token))
        .body as unknown as OrderView[];
      orders = orders.map((order) => all.find((candidate) => candidate._id === order._id)!);
    });

    it("moves the order as Yalidine's signed batches arrive, without waiting for tracking", async () => {
      const parcel = parcelOf(orders[0])!;
      expect(parcel).toBeDefined();
      const move = (status: string) =>
        yalidineSandbox(system, 'POST', `/_sandbox/parcels/${parcel.tracking}/status`, { status });
      expect((await move('Sorti en livraison')).status).toBe(200);
      await waitFor(
        'en cours de livraison',
        () => statusOf(orders[0]),
        (status) => status === OrderStatus.OutForDelivery,
      );
      expect((await move('Livré')).status).toBe(200);
      await waitFor(
        'livrée',
        () => statusOf(orders[0]),
        (status) => status === OrderStatus.Delivered,
      );
      // Every batch (created, status, payment) was answered 200 the first time.
      await waitFor(
        'the batches answered',
        async () =>
          ((await yalidineSandbox(system, 'GET', '/_sandbox/webhooks')).body as Subscription[]).find(
            (one) => one.id === subscription.id,
          )!,
        (one) => one.delivered >= 2,
      );
      const [after] = (await yalidineSandbox(system, 'GET', '/_sandbox/webhooks')).body as Subscription[];
      expect(after).toMatchObject({ active: true, failedAttempts: 0 });
      const statusEvents = await query(
        system,
        `select svix_id from delivery_zr.webhook_deliveries where account_id = $1 and event_type = 'parcel_status_updated'`,
        [account._id],
      );
      expect(statusEvents.length).toBeGreaterThanOrEqual(2);
    });

    it('applies an event Yalidine sends again (same event_id) once', async () => {
      const parcel = parcelOf(orders[1])!;
      const carrierState = async () =>
        (
          await query(system, 'select carrier_state from delivery_zr.parcels where tracking = $1', [
            parcel.order_id,
          ])
        )[0].carrier_state;
      const eventId = randomUUID();
      const shipped = statusBatch(parcel, 'Expédié', eventId);
      expect(await post(shipped, sign(shipped))).toEqual({
        status: 200,
        body: { received: true, events: 1, duplicates: 0, applied: 1 },
      });
      await waitFor(
        'en cours de livraison',
        () => statusOf(orders[1]),
        (status) => status === OrderStatus.OutForDelivery,
      );
      const centre = statusBatch(parcel, 'Centre');
      expect((await post(centre, sign(centre))).body).toMatchObject({ applied: 1 });
      expect(await carrierState()).toBe('Centre');
      expect(await post(shipped, sign(shipped))).toEqual({
        status: 200,
        body: { received: true, events: 1, duplicates: 1, applied: 0 },
      });
      expect(await carrierState()).toBe('Centre');
      expect(await deliveriesOf(eventId)).toHaveLength(1);
      expect(await statusOf(orders[1])).toBe(OrderStatus.OutForDelivery);
    });

    it('acknowledges and ignores the other event types', async () => {
      const parcel = parcelOf(orders[2])!;
      const paid = JSON.stringify({
        type: 'parcel_payment_updated',
        events: [
          {
            event_id: randomUUID(),
            occurred_at: '2026-11-27 10:00:00',
            data: { tracking: parcel.tracking, order_id: parcel.order_id, status: 'Livré' },
          },
        ],
      });
      expect(await post(paid, sign(paid))).toEqual({
        status: 200,
        body: { received: true, events: 1, duplicates: 0, applied: 0 },
      });
      expect(await statusOf(orders[2])).toBe(OrderStatus.Saisie);
    });

    it('refuses a badly signed, an unsigned or a misaddressed batch, and records none of it', async () => {
      const parcel = parcelOf(orders[2])!;
      const ids = [randomUUID(), randomUUID(), randomUUID()];
      const [forged, tampered, unsigned] = ids.map((id) => statusBatch(parcel, 'Retourné au vendeur', id));
      expect(await post(forged, sign(forged, 'not the secret'))).toEqual({
        status: 401,
        body: expect.objectContaining({ message: 'Invalid webhook signature' }),
      });
      expect((await post(tampered, sign(tampered.replace('Retourné au vendeur', 'Livré')))).status).toBe(401);
      expect(await post(unsigned)).toMatchObject({
        status: 401,
        body: { message: 'Missing X-YALIDINE-SIGNATURE header' },
      });
      for (const accountId of [randomUUID(), 'not-an-account'])
        expect(await post(forged, sign(forged), accountId)).toMatchObject({
          status: 404,
          body: { message: 'Unknown delivery account: no Yalidine account has this address' },
        });
      for (const id of ids) expect(await deliveriesOf(id)).toEqual([]);
      expect(await statusOf(orders[2])).toBe(OrderStatus.Saisie);
    });
  });

  it('refuses every batch for a Yalidine account whose secret is not set yet', async () => {
    const someone = await registerUser(system, 'Without Secret');
    const answer = await system.request(
      'POST',
      '/api/delivery/account',
      {
        company: 'yalidine',
        storeName: 'Sans secret',
        fromWilaya: 16,
        ...(await yalidineCredentials(system)),
      },
      someone.token,
    );
    expect(answer.status).toBe(201);
    const bare = (answer.body as unknown as { account: DeliveryAccountView }).account;
    expect(bare.webhookSecretSet).toBe(false);
    const body = JSON.stringify({ type: 'parcel_status_updated', events: [] });
    expect(await post(body, sign(body), bare._id)).toMatchObject({
      status: 401,
      body: {
        message:
          "No webhook secret is set for this Yalidine account: paste the one Yalidine's dashboard shows",
      },
    });
  });

  it('never writes a webhook secret to any log', () => {
    const logs = system.processes.flatMap((process) => process.logs.map((line) => JSON.stringify(line)));
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [subscription.secret, 'pasted-before-registering'])
      expect(logs.filter((line) => line.includes(secret))).toEqual([]);
    expect(logs.some((line) => line.includes('Refused a Yalidine webhook'))).toBe(true);
  });
});
