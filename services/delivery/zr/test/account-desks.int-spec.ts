import type { DeliveryAccountView, StopDeskEntry } from '@tawsil/contracts/delivery-zr';
import type { OrderView } from '@tawsil/contracts/orders';
import {
  addConfirmateur,
  addYalidineAccount,
  addZrCurrentAccount,
  confirmAndSetDelivery,
  newZrTenant,
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
  yalidineCredentials,
  yalidineParcels,
  yalidineSandbox,
  zrCurrentParcels,
} from '@tawsil/testing';

interface ZrHub {
  id: string;
  name: string;
  isPickupPoint: boolean;
}
interface YalidineCenter {
  center_id: number;
  name: string;
  commune_name: string;
  wilaya_id: number;
}

/**
 * An owner with a ZR Express account (current API) and a Yalidine one: each account's stop desks
 * are its carrier's own (ZR's hubs, Yalidine's centers), a delivery names one of them or is
 * refused, and saisie sends each carrier the desk it knows.
 */
describe('Each delivery account’s stop desks, from its carrier', () => {
  let system: TestSystem;
  let owner: TestUser;
  let agent: TestUser;
  let stranger: TestUser;
  let orders: OrderView[];
  let zr: DeliveryAccountView;
  let yalidine: DeliveryAccountView;
  let tenant: { apiKey: string; tenantId: string };

  beforeAll(async () => {
    system = await TestSystem.start({
      services: ['identity', 'orders', 'stores-youcan', 'delivery-zr'],
      youcanSandbox: true,
      zrSandbox: true,
      yalidineSandbox: true,
      env: ROOMY_YALIDINE_QUOTA_ENV,
    });
    await setYalidineSandbox(system, ROOMY_YALIDINE_QUOTAS);
    [owner, agent, stranger] = await Promise.all([
      registerUser(system, 'Amina Owner'),
      registerUser(system, 'Yacine Agent', true),
      registerUser(system, 'Walid Owner'),
    ]);
    const store = await storeWithOrders(system, owner, 'desks', 6);
    orders = store.orders;
    await addConfirmateur(system, owner, store.storeId, agent);
    tenant = await newZrTenant(system);
    zr = await addZrCurrentAccount(system, owner, 'Boutique Amina', tenant);
    yalidine = await addYalidineAccount(system, owner, 'Amina Yal', 16);
  });
  afterAll(async () => {
    await system?.stop();
  });

  const desksOf = async (account: DeliveryAccountView, user = agent) => {
    const answer = await system.request('GET', `/api/ZR/desks/${account._id}`, undefined, user.token);
    return { status: answer.status, desks: answer.body as unknown as StopDeskEntry[] };
  };
  const orderNow = async (order: OrderView) =>
    (
      (await system.request('GET', '/api/orders/youcan?limit=500', undefined, owner.token))
        .body as unknown as OrderView[]
    ).find((candidate) => candidate._id === order._id)!;
  const setDelivery = (order: OrderView, account: DeliveryAccountView, delivery: Record<string, unknown>) =>
    system.request(
      'PUT',
      `/api/orders/youcan/${order._id}`,
      { delivery: { deliveryAccount: account._id, ...delivery } },
      agent.token,
    );

  /** ZR's pickup-point hubs, asked of the sandbox the way ZR's API is asked. */
  async function zrHubs(): Promise<ZrHub[]> {
    const response = await fetch(`${system.zrSandboxUrl}/api/v1/hubs/search`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'X-Api-Key': tenant.apiKey,
        'X-Tenant': tenant.tenantId,
      },
      body: JSON.stringify({ pageNumber: 1, pageSize: 1000 }),
    });
    const page = (await response.json()) as { items: ZrHub[]; hasNext: boolean };
    expect(page.hasNext).toBe(false);
    return page.items.filter((hub) => hub.isPickupPoint);
  }

  /** Yalidine's centers, asked of the sandbox the way Yalidine's API is asked. */
  async function yalidineCenters(): Promise<YalidineCenter[]> {
    const { apiKey, apiSecret } = await yalidineCredentials(system);
    const { body } = await yalidineSandbox(system, 'GET', '/v1/centers/?page_size=1000', undefined, {
      'X-API-ID': apiKey,
      'X-API-TOKEN': apiSecret,
    });
    const page = body as { data: YalidineCenter[]; has_more: boolean };
    expect(page.has_more).toBe(false);
    return page.data;
  }

  it('gives a ZR Express account the hubs ZR lists, each in its wilaya', async () => {
    const { status, desks } = await desksOf(zr);
    expect(status).toBe(200);
    const hubs = await zrHubs();
    expect(hubs.length).toBeGreaterThan(50);
    expect(desks.map((desk) => desk.name).sort()).toEqual(hubs.map((hub) => hub.name).sort());
    // The sandbox names a hub after its desk and its wilaya's number.
    for (const desk of desks) expect(desk.name).toMatch(new RegExp(` ${desk.IDWilaya}$`));
    expect(desks.filter((desk) => desk.IDWilaya === 31).map((desk) => desk.name)).toEqual([
      'Hub El Morchid 31',
      'Hub Canastel 31',
      'Hub Maraval 31',
    ]);
    // Illizi: no ZR territory, so no desk.
    expect(desks.filter((desk) => desk.IDWilaya === 33)).toEqual([]);
  });

  it('gives a Yalidine account the centers Yalidine lists', async () => {
    const { status, desks } = await desksOf(yalidine);
    expect(status).toBe(200);
    const centers = await yalidineCenters();
    expect(centers.length).toBeGreaterThan(50);
    expect(desks).toEqual(
      centers.map((center) => ({
        IDWilaya: center.wilaya_id,
        name: center.name,
        commune: center.commune_name,
      })),
    );
    expect(desks.filter((desk) => desk.IDWilaya === 31).map((desk) => desk.name)).toEqual(['Centre de Oran']);
  });

  it('keeps each list a day, for the owner and the store’s agents only', async () => {
    const kept = await query(
      system,
      'select account_id from delivery_zr.desks where account_id = any($1::uuid[]) order by account_id',
      [[zr._id, yalidine._id]],
    );
    expect(kept).toHaveLength(2);
    expect((await desksOf(zr, owner)).status).toBe(200);
    expect((await desksOf(yalidine, stranger)).status).toBe(404);
    const malformed = await system.request('GET', '/api/ZR/desks/42', undefined, owner.token);
    expect(malformed.status).toBe(400);
  });

  it('serves the last list kept when the carrier cannot be reached, and says so when none is kept', async () => {
    const before = (await desksOf(yalidine)).desks;
    await query(
      system,
      "update delivery_zr.desks set fetched_at = now() - interval '2 days' where account_id = $1",
      [yalidine._id],
    );
    await setYalidineSandbox(system, { failureRate: 1 });
    try {
      expect(await desksOf(yalidine)).toEqual({ status: 200, desks: before });
      await query(system, 'delete from delivery_zr.desks where account_id = $1', [yalidine._id]);
      const answer = await system.request('GET', `/api/ZR/desks/${yalidine._id}`, undefined, agent.token);
      expect({ status: answer.status, body: answer.body }).toMatchObject({
        status: 502,
        body: {
          message: 'Yalidine stop desks are unavailable right now, try again shortly',
          code: 'delivery.desks_unavailable',
        },
      });
    } finally {
      await setYalidineSandbox(system, { failureRate: 0 });
    }
    expect(await desksOf(yalidine)).toEqual({ status: 200, desks: before });
  });

  it('saves a stop desk under the name its carrier gives it', async () => {
    const [forZr, forYalidine] = orders;
    const zrAnswer = await setDelivery(forZr, zr, { wilaya: '31', isStopDesk: true, desk: 'Canastel' });
    expect({ status: zrAnswer.status, body: zrAnswer.body }).toMatchObject({
      status: 200,
      body: { wilaya: '31', isStopDesk: true, desk: 'Hub Canastel 31', deliveryAccount: { _id: zr._id } },
    });
    const yalidineAnswer = await setDelivery(forYalidine, yalidine, {
      wilaya: '16',
      isStopDesk: true,
      desk: 'Centre de Baraki',
    });
    expect(yalidineAnswer.status).toBe(200);
    expect(yalidineAnswer.body).toMatchObject({ desk: 'Centre de Baraki' });
    expect((await orderNow(forZr)).delivery).toMatchObject({ desk: 'Hub Canastel 31' });
  });

  it('refuses, with a 400 naming it, a desk the account’s carrier does not have, and saves nothing', async () => {
    const order = orders[2];
    // Another carrier's desk: Yalidine's center in Oran, or ZR's hub at Canastel.
    for (const [account, desk] of [
      [zr, 'Es Senia'],
      [yalidine, 'Canastel'],
    ] as const) {
      const answer = await setDelivery(order, account, { wilaya: '31', isStopDesk: true, desk });
      expect({ status: answer.status, body: answer.body }).toMatchObject({
        status: 400,
        body: { message: `desk "${desk}" is not a stop desk of Oran`, code: 'orders.desk_unknown' },
      });
    }
    expect((await orderNow(order)).delivery).toBeNull();
    const history = await query(system, 'select changes from orders.order_history where order_id = $1', [
      order._id,
    ]);
    expect(history.filter((entry) => String(entry.changes).startsWith('delivery:'))).toEqual([]);

    // An order that has a delivery keeps it.
    const kept = orders[0];
    const refused = await setDelivery(kept, zr, { wilaya: '31', isStopDesk: true, desk: 'Centre de Oran' });
    expect(refused.status).toBe(400);
    expect((await orderNow(kept)).delivery).toMatchObject({ desk: 'Hub Canastel 31' });
  });

  it('sends each carrier the desk it knows: ZR the hub, Yalidine the center', async () => {
    // As they are now (the row edit that confirms them names the version it read).
    const forZr = await orderNow(orders[0]);
    const forYalidine = await orderNow(orders[1]);
    await confirmAndSetDelivery(system, agent, [forZr], zr, {
      wilaya: '31',
      isStopDesk: true,
      desk: 'Hub Canastel 31',
    });
    await confirmAndSetDelivery(system, agent, [forYalidine], yalidine, {
      wilaya: '16',
      isStopDesk: true,
      desk: 'Centre de Baraki',
    });
    const view = await saisieFinished(
      system,
      owner,
      await startSaisie(system, owner, [forZr._id, forYalidine._id]),
    );
    expect(view.failedOrders).toEqual([]);
    expect(view.successfullOrders.sort()).toEqual([forZr._id, forYalidine._id].sort());

    const canastel = (await zrHubs()).find((hub) => hub.name === 'Hub Canastel 31')!;
    const zrParcel = (await zrCurrentParcels(system)).find((parcel) => parcel.tenantId === tenant.tenantId)!;
    expect(zrParcel).toMatchObject({
      deliveryType: 'pickup-point',
      deliveryAddress: { hubId: canastel.id },
    });
    const baraki = (await yalidineCenters()).find((center) => center.name === 'Centre de Baraki')!;
    expect(await yalidineParcels(system)).toEqual([
      expect.objectContaining({ is_stopdesk: 1, stopdesk_id: baraki.center_id, to_commune_name: 'Baraki' }),
    ]);
  });
});
