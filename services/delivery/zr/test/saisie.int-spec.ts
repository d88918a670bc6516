import type { OrderView } from '@tawsil/contracts/orders';
import { stopDesksOf } from '@tawsil/geo-dz';
import {
  addConfirmateur,
  addZrAccount,
  confirmAndSetDelivery,
  registerUser,
  saisieFinished,
  saisieStatus,
  type SandboxParcel,
  sandboxParcels,
  setZrSandbox,
  startSaisie,
  storeWithOrders,
  TestSystem,
  type TestUser,
  waitFor,
  zrSandbox,
} from '@tawsil/testing';
import type { DeliveryAccountView } from '@tawsil/contracts/delivery-zr';

/** Bulk saisie end to end: the owner's click, the queued job, ZR's parcels, the orders' statuses. */
describe('Bulk saisie to ZR Express', () => {
  let system: TestSystem;
  let owner: TestUser;
  let agent: TestUser;
  let account: DeliveryAccountView;
  let orders: OrderView[];

  beforeAll(async () => {
    system = await TestSystem.shared({
      youcanSandbox: true,
      zrSandbox: true,
      env: { ZR_TRACKING_INTERVAL_MS: '500' },
    });
    [owner, agent] = await Promise.all([
      registerUser(system, 'Amina Owner'),
      registerUser(system, 'Yacine Agent', true),
    ]);
    const store = await storeWithOrders(system, owner, 'saisie-main', 60);
    orders = store.orders;
    await addConfirmateur(system, owner, store.storeId, agent);
    account = await addZrAccount(system, owner);
  });

  const list = async () =>
    (await system.request('GET', '/api/orders/youcan?limit=500', undefined, owner.token))
      .body as unknown as OrderView[];
  const parcelsOf = async (orderIds: string[]) =>
    (await sandboxParcels(system)).filter((parcel) => orderIds.includes(parcel.id_Externe));

  describe('a first saisie', () => {
    let homeOrders: OrderView[];
    let deskOrder: OrderView;
    let pendingOrders: OrderView[];
    let withoutDelivery: OrderView;
    let jobId: string;

    beforeAll(async () => {
      homeOrders = orders.slice(0, 12);
      deskOrder = orders[12];
      pendingOrders = orders.slice(13, 15);
      withoutDelivery = orders[15];
      await confirmAndSetDelivery(system, agent, homeOrders, account);
      const desk = stopDesksOf(31)[0].name;
      await confirmAndSetDelivery(system, agent, [deskOrder], account, {
        wilaya: '31',
        isStopDesk: true,
        desk,
      });
      await confirmAndSetDelivery(system, agent, pendingOrders, account);
      for (const order of pendingOrders) {
        const [current] = (await list()).filter((candidate) => candidate._id === order._id);
        await system.request(
          'PUT',
          `/api/orders/youcan/${order._id}`,
          { ...current, quantity: current.variants[0].quantity, status: 'pending' },
          agent.token,
        );
      }
      const [current] = (await list()).filter((candidate) => candidate._id === withoutDelivery._id);
      await system.request(
        'PUT',
        `/api/orders/youcan/${withoutDelivery._id}`,
        { ...current, quantity: current.variants[0].quantity, status: 'confirmé' },
        agent.token,
      );
      await setZrSandbox(system, { returnShare: 0.5 });
      jobId = await startSaisie(system, owner, [
        ...homeOrders.map((order) => order._id),
        deskOrder._id,
        ...pendingOrders.map((order) => order._id),
        withoutDelivery._id,
      ]);
    });

    it('answers at once with a job that reports progress and each order’s outcome', async () => {
      const view = await saisieFinished(system, owner, jobId);
      expect(view.state).toBe('completed');
      expect(view.progress).toEqual({ done: 16, total: 16 });
      expect([...view.successfullOrders].sort()).toEqual(
        [...homeOrders, deskOrder].map((order) => order._id).sort(),
      );
      expect(view.failedOrders).toEqual(
        expect.arrayContaining([
          ...pendingOrders.map((order) => ({
            id: order._id,
            reason: 'Not confirmed (status pending): confirm the order first',
            reasonCode: 'saisie.reason.not_confirmed',
            reasonParams: { status: 'pending' },
          })),
          {
            id: withoutDelivery._id,
            reason: 'No delivery information: set the delivery first',
            reasonCode: 'saisie.reason.no_delivery',
            reasonParams: {},
          },
        ]),
      );
      expect(view.failedOrders).toHaveLength(3);
      // Grouped by the account each order went to; those refused before any carrier, apart.
      expect(view.byAccount).toEqual([
        {
          account: { _id: account._id, company: 'zrexpress', storeName: account.storeName },
          sent: 13,
          failed: 0,
        },
        { account: null, sent: 0, failed: 3 },
      ]);
    });

    it('creates exactly one ZR parcel per order sent, with the order’s delivery', async () => {
      const parcels = await parcelsOf(orders.map((order) => order._id));
      expect(parcels).toHaveLength(13);
      const desk = parcels.find((parcel) => parcel.id_Externe === deskOrder._id)!;
      expect(desk).toMatchObject({ TypeLivraison: '1', IDWilaya: '31', Commune: stopDesksOf(31)[0].name });
      const home = parcels.find((parcel) => parcel.id_Externe === homeOrders[0]._id)!;
      expect(home).toMatchObject({ TypeLivraison: '0', IDWilaya: '16', Commune: 'Bab Ezzouar' });
      expect(home.MobileA).toMatch(/^0[5-7]\d{8}$/);
      expect(Number(home.Total)).toBe(homeOrders[0].total);
    });

    it('turns the orders sent into saisie, with their tracking and a history entry', async () => {
      const parcels = await parcelsOf(orders.map((order) => order._id));
      const now = await list();
      for (const order of [...homeOrders, deskOrder]) {
        const current = now.find((candidate) => candidate._id === order._id)!;
        const parcel = parcels.find((candidate) => candidate.id_Externe === order._id)!;
        expect(current.status).toBe('saisie');
        expect(current.delivery?.tracking).toBe(parcel.Tracking);
        expect(current.history!.at(-1)).toMatchObject({
          changes: `status: confirmé → saisie (ZR Express tracking ${parcel.Tracking})`,
          user: { name: 'Amina Owner' },
        });
      }
      for (const order of [...pendingOrders, withoutDelivery])
        expect(now.find((candidate) => candidate._id === order._id)!.status).not.toBe('saisie');
    });

    it('never sends an order twice: a second saisie says it was already sent', async () => {
      const again = await startSaisie(
        system,
        owner,
        homeOrders.map((order) => order._id),
      );
      const view = await saisieFinished(system, owner, again);
      expect(view.successfullOrders).toEqual([]);
      expect(view.failedOrders.map((failure) => failure.reason)).toEqual(
        homeOrders.map(() => 'Already sent for delivery (status saisie)'),
      );
      expect(await parcelsOf(orders.map((order) => order._id))).toHaveLength(13);
    });

    it('keeps the status and the delivery of a sent order from being changed by hand', async () => {
      const [current] = (await list()).filter((candidate) => candidate._id === homeOrders[0]._id);
      const edit = await system.request(
        'PUT',
        `/api/orders/youcan/${current._id}`,
        { ...current, quantity: current.variants[0].quantity, status: 'annulée' },
        agent.token,
      );
      const delivery = await system.request(
        'PUT',
        `/api/orders/youcan/${current._id}`,
        { delivery: { deliveryAccount: account._id, wilaya: '16', isStopDesk: false, commune: 'Kouba' } },
        agent.token,
      );
      expect([edit.status, delivery.status]).toEqual([409, 409]);
      expect(edit.body.message).toContain('its status now follows the parcel');
    });

    it('moves the orders along as ZR moves their parcels, with history by ZR Express', async () => {
      const sent = [...homeOrders, deskOrder].map((order) => order._id);
      const statusesNow = async () => {
        const now = await list();
        return sent.map((id) => now.find((order) => order._id === id)!.status);
      };
      await zrSandbox(system, 'POST', '/_sandbox/parcels/advance'); // ready to ship: still saisie
      await zrSandbox(system, 'POST', '/_sandbox/parcels/advance'); // Dispatcher
      await waitFor('en cours de livraison', statusesNow, (statuses) =>
        statuses.every((status) => status === 'en cours de livraison'),
      );
      for (let step = 0; step < 4; step++) await zrSandbox(system, 'POST', '/_sandbox/parcels/advance');
      const parcels: (SandboxParcel & { returning?: boolean })[] = await parcelsOf(sent);
      const expected = sent.map((id) =>
        parcels.find((parcel) => parcel.id_Externe === id)!.returning ? 'retour' : 'livrée',
      );
      expect(new Set(expected)).toEqual(new Set(['retour', 'livrée']));
      await waitFor('livrée or retour', statusesNow, (statuses) => statuses.join() === expected.join());

      const [delivered] = (await list()).filter((order) => order.status === 'livrée');
      expect(delivered.history!.slice(-2)).toEqual([
        expect.objectContaining({
          changes: 'status: saisie → en cours de livraison (ZR Express: Dispatcher)',
          user: expect.objectContaining({ name: 'ZR Express' }),
        }),
        expect.objectContaining({ changes: 'status: en cours de livraison → livrée (ZR Express: Livrée)' }),
      ]);
    });
  });

  it('answers a double click with the same job, and sends each order once', async () => {
    const batch = orders.slice(20, 30);
    await confirmAndSetDelivery(system, agent, batch, account);
    await setZrSandbox(system, { latencyMs: 300 });
    const ids = batch.map((order) => order._id);
    const [first, second] = await Promise.all([
      startSaisie(system, owner, ids),
      startSaisie(system, owner, [...ids].reverse()),
    ]);
    expect(second).toBe(first);
    const view = await saisieFinished(system, owner, first);
    await setZrSandbox(system, { latencyMs: 0 });
    expect(view.successfullOrders).toHaveLength(10);
    expect(await parcelsOf(ids)).toHaveLength(10);
  });

  it('runs two owners’ saisies at once, each with its own account and orders', async () => {
    const other = await registerUser(system, 'Walid Owner');
    const otherStore = await storeWithOrders(system, other, 'saisie-other', 8);
    const otherAccount = await addZrAccount(system, other, 'Boutique Walid');
    await confirmAndSetDelivery(system, other, otherStore.orders, otherAccount);
    const mine = orders.slice(30, 38);
    await confirmAndSetDelivery(system, agent, mine, account);

    const [myJob, otherJob] = await Promise.all([
      startSaisie(
        system,
        owner,
        mine.map((order) => order._id),
      ),
      startSaisie(
        system,
        other,
        otherStore.orders.map((order) => order._id),
      ),
    ]);
    const [myView, otherView] = await Promise.all([
      saisieFinished(system, owner, myJob),
      saisieFinished(system, other, otherJob),
    ]);
    expect([myView.successfullOrders.length, otherView.successfullOrders.length]).toEqual([8, 8]);
    expect(await parcelsOf([...mine, ...otherStore.orders].map((order) => order._id))).toHaveLength(16);

    // Neither owner reaches the other's job, nor sends the other's orders.
    expect((await system.request('GET', `/api/ZR/saisie/${myJob}`, undefined, other.token)).status).toBe(404);
    const crossed = await startSaisie(system, other, [orders[40]._id]);
    expect((await saisieFinished(system, other, crossed)).failedOrders).toEqual([
      {
        id: orders[40]._id,
        reason: 'Order not found: it was deleted, or its store was removed',
        reasonCode: 'saisie.reason.order_not_found',
        reasonParams: {},
      },
    ]);
  });

  it('refuses agents and bad requests with a clear message', async () => {
    const agentStart = await system.request(
      'POST',
      '/api/ZR/saisie',
      { orderIds: [orders[0]._id] },
      agent.token,
    );
    expect(agentStart).toMatchObject({
      status: 403,
      body: { message: 'Only store owners can send orders to ZR Express' },
    });
    const cases: [unknown, string][] = [
      [{ orderIds: 'all' }, 'orderIds must be a list of order ids'],
      [{ orderIds: [] }, 'orderIds must name at least one order'],
      [{ orderIds: ['not-an-id'] }, 'orderIds must contain only order ids'],
    ];
    for (const [body, message] of cases) {
      const answer = await system.request('POST', '/api/ZR/saisie', body, owner.token);
      expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 400, message });
    }
    expect((await system.request('GET', '/api/ZR/saisie/nope', undefined, owner.token)).body).toEqual({
      message: 'jobId must be a saisie job id',
      code: 'validation.failed',
      params: { field: 'jobId', constraint: 'isUuid' },
    });
    expect((await system.request('POST', '/api/ZR/saisie', { orderIds: [orders[0]._id] })).status).toBe(401);
    const status = await saisieStatus(system, owner, '7d1c2a7e-8a51-4f7e-9a43-0e5a0c6f4b11');
    expect(status).toEqual({ message: 'Saisie job not found', code: 'delivery.saisie_not_found' });
  });
});
