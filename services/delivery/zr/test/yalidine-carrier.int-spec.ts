import type { DeliveryAccountView, TariffEntry } from '@tawsil/contracts/delivery-zr';
import { OrderStatus, type OrderView } from '@tawsil/contracts/orders';
import {
  addYalidineAccount,
  confirmAndSetDelivery,
  HOME_ALGER,
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
} from '@tawsil/testing';
import { PDFDocument } from 'pdf-lib';

/**
 * A Yalidine account end to end, against the Yalidine sandbox: the owner adds it, agents see its
 * tariffs, saisie creates its parcels, tracking follows their statuses. (Its quotas shared by
 * several senders: yalidine-adapter.int-spec.ts.)
 */
describe('Yalidine as a carrier', () => {
  let system: TestSystem;
  let owner: TestUser;
  let account: DeliveryAccountView;
  let orders: OrderView[];

  beforeAll(async () => {
    system = await TestSystem.start({
      services: ['identity', 'orders', 'stores-youcan', 'delivery-zr'],
      youcanSandbox: true,
      yalidineSandbox: true,
      env: { ZR_TRACKING_INTERVAL_MS: '500', ...ROOMY_YALIDINE_QUOTA_ENV },
    });
    await setYalidineSandbox(system, { ...ROOMY_YALIDINE_QUOTAS, returnShare: 0 });
    owner = await registerUser(system, 'Amina Owner');
    orders = (await storeWithOrders(system, owner, 'yalidine-carrier', 8)).orders;
  });
  afterAll(async () => {
    await system?.stop();
  });

  const addAccount = (body: Record<string, unknown>) =>
    system.request(
      'POST',
      '/api/delivery/account',
      { company: 'yalidine', storeName: 'Boutique Y', ...body },
      owner.token,
    );
  const listed = async (status: OrderStatus) =>
    (
      (
        await system.request(
          'GET',
          `/api/orders/youcan?limit=500&status=${encodeURIComponent(status)}`,
          undefined,
          owner.token,
        )
      ).body as unknown as OrderView[]
    ).map((order) => order._id);

  it('checks the API id and token with Yalidine and needs the wilaya parcels leave from', async () => {
    const { apiKey, apiSecret } = await yalidineCredentials(system);
    const refused = await addAccount({ apiKey, apiSecret: 'x'.repeat(64), fromWilaya: 16 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Yalidine refused these credentials: copy them again from your Yalidine account',
    );
    const noWilaya = await addAccount({ apiKey, apiSecret });
    expect(noWilaya.status).toBe(400);
    expect(JSON.stringify(noWilaya.body)).toContain(
      'fromWilaya must be the number of the wilaya your parcels leave from',
    );

    account = await addYalidineAccount(system, owner, 'Boutique Y', 16);
    expect(account).toMatchObject({ company: 'yalidine', api: 'yalidine', storeName: 'Boutique Y' });
    const accounts = (await system.request('GET', '/api/delivery/account', undefined, owner.token))
      .body as unknown as Record<string, unknown>[];
    expect(JSON.stringify(accounts)).not.toContain(apiSecret);
  });

  it('shows the tariffs of every wilaya, priced from the account’s wilaya', async () => {
    const answer = await waitFor(
      'the tariff table',
      () => system.request('GET', `/api/ZR/tarification/${account._id}`, undefined, owner.token),
      (reply) => reply.status === 200,
    );
    const entries = answer.body as unknown as TariffEntry[];
    expect(entries).toHaveLength(58);
    const alger = entries.find((entry) => entry.IDWilaya === 16)!;
    expect(Number(alger.Domicile)).toBeGreaterThan(Number(alger.Stopdesk));
    expect(Number(alger.Stopdesk)).toBeGreaterThan(0);
  });

  it('creates the parcels it can and says why the others were refused', async () => {
    const home = orders.slice(0, 5);
    const [desk, unserved] = [orders[5], orders[6]];
    await confirmAndSetDelivery(system, owner, home, account, HOME_ALGER);
    await confirmAndSetDelivery(system, owner, [desk], account, {
      wilaya: '16',
      isStopDesk: true,
      desk: 'Baraki',
    });
    // The sandbox serves only the chief town of In Guezzam (54).
    await confirmAndSetDelivery(system, owner, [unserved], account, {
      wilaya: '54',
      isStopDesk: false,
      commune: 'Ain Guezzam',
    });
    const sent = [...home, desk].map((order) => order._id);

    const view = await saisieFinished(
      system,
      owner,
      await startSaisie(system, owner, [...sent, unserved._id]),
    );
    expect(view.state).toBe('completed');
    expect(view.successfullOrders.sort()).toEqual([...sent].sort());
    expect(view.failedOrders).toEqual([
      {
        id: unserved._id,
        reason: 'Yalidine: Ain Guezzam is not served',
        reasonCode: 'saisie.reason.carrier_refused',
        reasonParams: { carrier: 'Yalidine', reason: 'Ain Guezzam is not served' },
      },
    ]);

    const parcels = await yalidineParcels(system);
    expect(parcels).toHaveLength(6);
    expect(new Set(parcels.map((parcel) => parcel.order_id)).size).toBe(6);
    expect(parcels.filter((parcel) => parcel.is_stopdesk === 1)).toEqual([
      expect.objectContaining({ to_commune_name: 'Baraki', firstname: expect.any(String) }),
    ]);
    await waitFor(
      'the orders in saisie',
      () => listed(OrderStatus.Saisie),
      (ids) => sent.every((id) => ids.includes(id)),
    );
  });

  it('prints the labels of its parcels as one PDF, one page per parcel', async () => {
    const response = await fetch(`${system.gatewayUrl}/api/ZR/labels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ orderIds: orders.slice(0, 7).map((order) => order._id) }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
    // Six parcels; the order Yalidine refused has none.
    expect(pdf.getPageCount()).toBe(6);
    expect(response.headers.get('x-labels-missing')).toBe('1');
  });

  it('follows Yalidine’s statuses: on its way, delivered, returned', async () => {
    const parcels = await yalidineParcels(system);
    const [onItsWay, delivered, returned] = parcels;
    // Counted before any parcel moves: tracking may move one as soon as its status changes.
    const saisied = await listed(OrderStatus.Saisie);
    expect(saisied.length).toBeGreaterThanOrEqual(3);
    for (const [parcel, status] of [
      [onItsWay, 'Sorti en livraison'],
      [delivered, 'Livré'],
      [returned, 'Retourné au vendeur'],
    ] as const)
      expect(
        (await yalidineSandbox(system, 'POST', `/_sandbox/parcels/${parcel.tracking}/status`, { status }))
          .status,
      ).toBe(200);

    await waitFor(
      'a delivered order',
      () => listed(OrderStatus.Delivered),
      (ids) => ids.length === 1,
      30_000,
    );
    await waitFor(
      'a returned order',
      () => listed(OrderStatus.Returned),
      (ids) => ids.length === 1,
      30_000,
    );
    await waitFor(
      'an order on its way',
      () => listed(OrderStatus.OutForDelivery),
      (ids) => ids.length === 1,
      30_000,
    );
    expect((await listed(OrderStatus.Saisie)).length).toBe(saisied.length - 3);
  });
});
