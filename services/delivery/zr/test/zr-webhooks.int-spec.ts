import type { DeliveryAccountView } from '@tawsil/contracts/delivery-zr';
import type { OrderView } from '@tawsil/contracts/orders';
import { QueueName, RepairSweeps } from '@tawsil/contracts/queues';
import { bullConnection } from '@tawsil/nest-common';
import {
  addZrCurrentAccount,
  confirmAndSetDelivery,
  moveZrCurrentParcel,
  newZrTenant,
  query,
  registerUser,
  saisieFinished,
  startSaisie,
  storeWithOrders,
  TestSystem,
  type TestUser,
  waitFor,
  type ZrCurrentParcel,
  zrCurrentParcels,
  zrSandbox,
} from '@tawsil/testing';
import { Queue } from 'bullmq';
import { createHmac } from 'node:crypto';

interface Endpoint {
  id: string;
  url: string;
  eventTypes: string[];
}

/**
 * ZR's current API pushes parcel states through Svix-signed webhooks: the account's endpoint is
 * registered when it is added, the gateway's public route hands each delivery to delivery-zr,
 * which checks the signature, applies a `svix-id` once, and moves the order as tracking would.
 * Tracking reads parcels once an hour here, so every move seen comes from a webhook.
 */
describe("ZR Express's webhooks (current API)", () => {
  let system: TestSystem;
  let owner: TestUser;
  let tenant: { apiKey: string; tenantId: string };
  let account: DeliveryAccountView;
  let orders: OrderView[];
  let endpoint: Endpoint;
  let secret: string;

  /** A call to the sandbox's current API as a tenant. */
  const zr = async (method: string, path: string, as = tenant) => {
    const response = await fetch(`${system.zrSandboxUrl}/api/v1${path}`, {
      method,
      headers: { 'X-Api-Key': as.apiKey, 'X-Tenant': as.tenantId },
    });
    const text = await response.text();
    return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  };

  beforeAll(async () => {
    system = await TestSystem.shared({
      youcanSandbox: true,
      zrSandbox: true,
      env: { ZR_TRACKING_INTERVAL_MS: '3600000' },
    });
    owner = await registerUser(system, 'Nadia Owner');
    orders = (await storeWithOrders(system, owner, 'zr-webhooks', 4)).orders;
    tenant = await newZrTenant(system);
    account = await addZrCurrentAccount(system, owner, 'Boutique Nadia', tenant);
    [endpoint] = (await zr('GET', '/webhooks/endpoints')).endpoints as Endpoint[];
    secret = (await zr('GET', `/webhooks/endpoints/${endpoint.id}/secret`)).secret as string;
  });

  const list = async () =>
    (await system.request('GET', '/api/orders/youcan?limit=500', undefined, owner.token))
      .body as unknown as OrderView[];
  const statusOf = async (order: OrderView) =>
    (await list()).find((candidate) => candidate._id === order._id)!.status;
  const deliveriesOf = (svixId: string) =>
    query(
      system,
      'select svix_id from delivery_zr.webhook_deliveries where account_id = $1 and svix_id = $2',
      [account._id, svixId],
    );

  /** A delivery as Svix makes one, signed from its documentation with the endpoint's secret. */
  const signed = (svixId: string, body: string, timestamp = Math.floor(Date.now() / 1000), key = secret) => ({
    'content-type': 'application/json',
    'svix-id': svixId,
    'svix-timestamp': String(timestamp),
    'svix-signature': `v1,${createHmac('sha256', Buffer.from(key.slice('whsec_'.length), 'base64'))
      .update(`${svixId}.${timestamp}.${body}`)
      .digest('base64')}`,
  });
  const post = async (headers: Record<string, string>, body: string, accountId = account._id) => {
    const response = await fetch(`${system.gatewayUrl}/api/webhooks/zr/${accountId}`, {
      method: 'POST',
      headers,
      body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const event = (parcel: ZrCurrentParcel, state: string) =>
    JSON.stringify({
      eventType: 'parcel.state.updated',
      occurredAt: new Date().toISOString(),
      data: { id: parcel.id, externalId: parcel.externalId, state: { name: state } },
    });

  it("registers the account's endpoint at ZR, at the gateway's address, for every parcel event", async () => {
    expect(endpoint).toMatchObject({
      url: `${system.gatewayUrl}/api/webhooks/zr/${account._id}`,
      eventTypes: ['parcel.state.updated', 'parcel.state.situation.created', 'parcel.isReturn.updated'],
    });
    expect(secret).toMatch(/^whsec_/);
    const [stored] = await query(
      system,
      'select webhook_endpoint_id, webhook_secret from delivery_zr.accounts where id = $1',
      [account._id],
    );
    expect(stored.webhook_endpoint_id).toBe(endpoint.id);
    expect(stored.webhook_secret).toEqual(expect.any(String));
    expect(String(stored.webhook_secret)).not.toContain(secret.slice('whsec_'.length));
  });

  describe("a parcel's states", () => {
    let parcels: ZrCurrentParcel[];
    const parcelOf = async (order: OrderView) => {
      const tracking = (await list()).find((candidate) => candidate._id === order._id)!.delivery!.tracking;
      return parcels.find((parcel) => parcel.externalId === tracking)!;
    };

    beforeAll(async () => {
      const sent = orders.slice(0, 3);
      await confirmAndSetDelivery(system, owner, sent, account);
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
      parcels = (await zrCurrentParcels(system)).filter((parcel) => parcel.tenantId === tenant.tenantId);
      // A parcel's states apply once orders has turned its order saisie.
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
    });

    it("moves the order as ZR's signed webhooks arrive, without waiting for tracking", async () => {
      const parcel = await parcelOf(orders[0]);
      await moveZrCurrentParcel(system, parcel.id, 'en_livraison');
      await waitFor(
        'en cours de livraison',
        () => statusOf(orders[0]),
        (status) => status === 'en cours de livraison',
      );
      await moveZrCurrentParcel(system, parcel.id, 'livre');
      await waitFor(
        'livrée',
        () => statusOf(orders[0]),
        (status) => status === 'livrée',
      );
      const records = (await zrSandbox(system, 'GET', '/_sandbox/v1/webhooks/deliveries')) as unknown as {
        endpointId: string;
        messageId: string;
        parcelId: string;
        delivered: boolean;
        attempts: { status: number }[];
      }[];
      const ours = records.filter(
        (record) => record.parcelId === parcel.id && record.endpointId === endpoint.id,
      );
      expect(ours.length).toBeGreaterThanOrEqual(2);
      await waitFor(
        'every delivery answered',
        async () => ours.every((record) => record.delivered),
        (done) => done,
      );
      for (const record of ours) {
        expect(record.attempts.map((attempt) => attempt.status)).toEqual([200]);
        expect(await deliveriesOf(record.messageId)).toHaveLength(1);
      }
    });

    it('applies a delivery Svix retries (same svix-id) once', async () => {
      const parcel = await parcelOf(orders[1]);
      const carrierState = async () =>
        (
          await query(system, 'select carrier_state from delivery_zr.parcels where tracking = $1', [
            parcel.externalId,
          ])
        )[0].carrier_state;
      const dispatched = event(parcel, 'dispatch');
      expect(await post(signed('msg_replay_dispatch', dispatched), dispatched)).toEqual({
        status: 200,
        body: { received: true, duplicate: false, applied: true },
      });
      await waitFor(
        'en cours de livraison',
        () => statusOf(orders[1]),
        (status) => status === 'en cours de livraison',
      );
      // A later state that keeps the order where it is, then the first delivery again, signed anew.
      const preparing = event(parcel, 'en_preparation');
      expect((await post(signed('msg_replay_preparing', preparing), preparing)).body).toMatchObject({
        applied: true,
      });
      expect(await carrierState()).toBe('en_preparation');
      expect(await post(signed('msg_replay_dispatch', dispatched), dispatched)).toEqual({
        status: 200,
        body: { received: true, duplicate: true, applied: false },
      });
      expect(await carrierState()).toBe('en_preparation');
      expect(await deliveriesOf('msg_replay_dispatch')).toHaveLength(1);
      expect(await statusOf(orders[1])).toBe('en cours de livraison');
    });

    it('refuses a badly signed, a stale or a misaddressed delivery, and records none', async () => {
      const parcel = await parcelOf(orders[2]);
      const returned = event(parcel, 'en_retour');
      const forged = signed(
        'msg_forged',
        returned,
        undefined,
        `whsec_${Buffer.alloc(24, 7).toString('base64')}`,
      );
      expect(await post(forged, returned)).toMatchObject({
        status: 401,
        body: { message: 'Invalid webhook signature' },
      });
      const tampered = signed('msg_tampered', event(parcel, 'livre'));
      expect((await post(tampered, returned)).status).toBe(401);
      const stale = signed('msg_stale', returned, Math.floor(Date.now() / 1000) - 10 * 60);
      expect(await post(stale, returned)).toMatchObject({
        status: 401,
        body: { message: 'Stale webhook: svix-timestamp is more than 5 minutes old' },
      });
      const { 'svix-signature': _unsigned, ...unsigned } = signed('msg_unsigned', returned);
      expect((await post(unsigned, returned)).status).toBe(401);
      const elsewhere = signed('msg_elsewhere', returned);
      for (const accountId of ['0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b', 'not-an-account'])
        expect(await post(elsewhere, returned, accountId)).toMatchObject({
          status: 404,
          body: { message: 'Unknown delivery account: no ZR Express webhook is registered for it' },
        });
      for (const svixId of ['msg_forged', 'msg_tampered', 'msg_stale', 'msg_unsigned'])
        expect(await deliveriesOf(svixId)).toEqual([]);
      expect(await statusOf(orders[2])).toBe('saisie');
    });
  });
  it('registers again, by the hourly sweep, an endpoint missing or at an old address, removing the old one', async () => {
    const someone = await registerUser(system, 'Sofiane Owner');
    const [missing, moved] = [await newZrTenant(system), await newZrTenant(system)];
    const missingAccount = await addZrCurrentAccount(system, someone, 'Sans webhook', missing);
    const movedAccount = await addZrCurrentAccount(system, someone, 'Ancienne adresse', moved);
    // As if ZR was away when the first was added, and the second was registered before a new PUBLIC_URL.
    const [registered] = (await zr('GET', '/webhooks/endpoints', missing)).endpoints as Endpoint[];
    await zr('DELETE', `/webhooks/endpoints/${registered.id}`, missing);
    await query(
      system,
      'update delivery_zr.accounts set webhook_endpoint_id = null, webhook_url = null, webhook_secret = null where id = $1',
      [missingAccount._id],
    );
    const [before] = (await zr('GET', '/webhooks/endpoints', moved)).endpoints as Endpoint[];
    await query(
      system,
      `update delivery_zr.accounts set webhook_url = 'http://old.example/hook' where id = $1`,
      [movedAccount._id],
    );
    const repairs = new Queue(QueueName.ZrRepair, {
      connection: bullConnection(system.redis.url),
      prefix: 'tawsil',
    });
    try {
      await repairs.add(RepairSweeps.zrWebhookEndpoints, {});
    } finally {
      await repairs.close();
    }
    const stored = () =>
      query(
        system,
        'select id, webhook_endpoint_id, webhook_url from delivery_zr.accounts where id = any($1::uuid[])',
        [[missingAccount._id, movedAccount._id]],
      );
    await waitFor('both accounts registered at the current address', stored, (rows) =>
      rows.every((row) => String(row.webhook_url).startsWith(system.gatewayUrl)),
    );
    for (const [account, as] of [
      [missingAccount, missing],
      [movedAccount, moved],
    ] as const) {
      const endpoints = (await zr('GET', '/webhooks/endpoints', as)).endpoints as Endpoint[];
      expect(endpoints.map((one) => one.url)).toEqual([
        `${system.gatewayUrl}/api/webhooks/zr/${account._id}`,
      ]);
      const row = (await stored()).find((one) => one.id === account._id)!;
      expect(row.webhook_endpoint_id).toBe(endpoints[0].id);
    }
    expect(((await zr('GET', '/webhooks/endpoints', moved)).endpoints as Endpoint[])[0].id).not.toBe(
      before.id,
    );
  });
});
