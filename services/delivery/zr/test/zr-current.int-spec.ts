import type { DeliveryAccountView, TariffEntry } from '@tawsil/contracts/delivery-zr';
import type { OrderView } from '@tawsil/contracts/orders';
import { stopDesksOf } from '@tawsil/geo-dz';
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
import { PDFDocument } from 'pdf-lib';

/**
 * An owner whose ZR Express account is on ZR's current API (API key + tenant id): the account
 * checked and sealed, its tariffs from ZR's rates, saisie through the bulk creation with ZR's
 * territory and hub ids, and the orders following the parcels' states.
 */
describe("ZR Express's current API", () => {
  let system: TestSystem;
  let owner: TestUser;
  let tenant: { apiKey: string; tenantId: string };
  let account: DeliveryAccountView;
  let orders: OrderView[];

  beforeAll(async () => {
    system = await TestSystem.shared({
      youcanSandbox: true,
      zrSandbox: true,
      env: { ZR_TRACKING_INTERVAL_MS: '500' },
    });
    owner = await registerUser(system, 'Amina Owner');
    orders = (await storeWithOrders(system, owner, 'zr-current', 12)).orders;
    tenant = await newZrTenant(system);
    account = await addZrCurrentAccount(system, owner, 'Boutique Amina', tenant);
  });

  const call = (method: string, path: string, body?: unknown, user = owner) =>
    system.request(method, path, body, user.token);
  const tenantParcels = async () =>
    (await zrCurrentParcels(system)).filter((parcel) => parcel.tenantId === tenant.tenantId);
  const list = async () => (await call('GET', '/api/orders/youcan?limit=500')).body as unknown as OrderView[];

  describe('the account', () => {
    it('is added with the API key and tenant id, both kept sealed and never sent back', async () => {
      expect(account).toMatchObject({ company: 'zrexpress', api: 'zr-current', storeName: 'Boutique Amina' });
      const listed = await call('GET', '/api/delivery/account');
      expect(JSON.stringify(listed.body)).not.toContain(tenant.apiKey);
      const [stored] = await query(
        system,
        'select api, api_key, api_secret, tenant_id from delivery_zr.accounts where id = $1',
        [account._id],
      );
      expect(stored.api).toBe('zr-current');
      expect(stored.api_secret).toBeNull();
      expect(JSON.stringify(stored)).not.toContain(tenant.apiKey);
      expect(JSON.stringify(stored)).not.toContain(tenant.tenantId);
    });

    it('is refused when ZR refuses the key or the tenant, storing nothing', async () => {
      const other = await newZrTenant(system);
      const someone = await registerUser(system, 'Walid Owner');
      for (const credentials of [
        { apiKey: other.apiKey, tenantId: tenant.tenantId },
        { apiKey: tenant.apiKey, tenantId: '0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b' },
      ]) {
        const answer = await call(
          'POST',
          '/api/delivery/account',
          { company: 'zrexpress', storeName: 'x', ...credentials },
          someone,
        );
        expect({ status: answer.status, body: answer.body }).toMatchObject({
          status: 400,
          body: {
            message: 'ZR Express refused these credentials: copy them again from your ZR Express account',
            code: 'delivery.credentials_refused',
          },
        });
      }
      expect((await call('GET', '/api/delivery/account', undefined, someone)).body).toEqual([]);
    });
  });

  describe('tariffs', () => {
    it("are ZR's rates per wilaya, 0 where ZR has no territory, no hub or no home delivery", async () => {
      const answer = await call('GET', `/api/ZR/tarification/${account._id}`);
      expect(answer.status).toBe(200);
      const entries = answer.body as unknown as TariffEntry[];
      expect(entries).toHaveLength(58);
      const of = (code: number) => entries.find((entry) => entry.IDWilaya === code)!;
      expect(Number(of(16).Domicile)).toBeGreaterThan(0);
      expect(Number(of(16).Stopdesk)).toBeGreaterThan(0);
      expect(of(33)).toMatchObject({ Domicile: '0', Stopdesk: '0' }); // Illizi: no ZR territory
      expect(of(54).Domicile).toBe('0'); // only stop desks there
    });

    it('answer 502 with the reason when ZR has no price list for the account', async () => {
      const bare = (await zrSandbox(system, 'POST', '/_sandbox/v1/tenants', {
        hasPriceList: false,
      })) as unknown as {
        apiKey: string;
        tenantId: string;
      };
      const someone = await registerUser(system, 'Karim Owner');
      const added = await addZrCurrentAccount(system, someone, 'Sans tarifs', bare);
      const answer = await call('GET', `/api/ZR/tarification/${added._id}`, undefined, someone);
      expect({ status: answer.status, body: answer.body }).toMatchObject({
        status: 502,
        body: {
          message: 'ZR Express tariffs are unavailable right now, try again shortly',
          code: 'delivery.tariffs_unavailable',
        },
      });
    });
  });

  describe('saisie and tracking', () => {
    let home: OrderView[];
    let desk: OrderView;
    let parcels: ZrCurrentParcel[];

    beforeAll(async () => {
      home = orders.slice(0, 3);
      desk = orders[3];
      await confirmAndSetDelivery(system, owner, home, account);
      await confirmAndSetDelivery(system, owner, [desk], account, {
        wilaya: '31',
        isStopDesk: true,
        desk: stopDesksOf(31)[0].name,
      });
      const view = await saisieFinished(
        system,
        owner,
        await startSaisie(
          system,
          owner,
          [...home, desk].map((order) => order._id),
        ),
      );
      expect(view.failedOrders).toEqual([]);
      parcels = await tenantParcels();
    });

    it("creates one parcel per order at ZR, with ZR's territory and hub ids and our reference", async () => {
      expect(parcels).toHaveLength(4);
      const now = await list();
      for (const order of [...home, desk]) {
        const tracking = now.find((candidate) => candidate._id === order._id)!.delivery!.tracking;
        const matching = parcels.filter((parcel) => parcel.externalId === tracking);
        expect(matching).toHaveLength(1);
        expect(matching[0].amount).toBe(order.total);
      }
      const homeParcel = parcels.find((parcel) => parcel.deliveryType === 'home')!;
      expect(homeParcel.deliveryAddress).toMatchObject({ cityTerritoryCode: 16, district: 'Bab Ezzouar' });
      expect(homeParcel.customer.phone.number1).toMatch(/^0[5-7]\d{8}$/);
      const deskParcel = parcels.find((parcel) => parcel.deliveryType === 'pickup-point')!;
      expect(deskParcel.deliveryAddress.cityTerritoryCode).toBe(31);
      expect(deskParcel.deliveryAddress.hubId).toEqual(expect.any(String));
    });

    /** POST /api/ZR/labels as the user: the status, the PDF's page count and the orders left out. */
    const printLabels = async (body: unknown, user = owner) => {
      const response = await fetch(`${system.gatewayUrl}/api/ZR/labels`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.headers.get('content-type') !== 'application/pdf')
        return { status: response.status, body: (await response.json()) as { message: string } };
      const pdf = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
      return {
        status: response.status,
        pages: pdf.getPageCount(),
        missing: response.headers.get('x-labels-missing'),
      };
    };

    it('prints the labels of chosen orders, or of the saisie, as one PDF of one page per parcel', async () => {
      const sent = [...home, desk].map((order) => order._id);
      expect(await printLabels({ orderIds: [...sent, orders[5]._id] })).toEqual({
        status: 200,
        pages: 4,
        missing: '1', // orders[5] was never sent
      });
      const [saisie] = await query(system, 'select job_id from delivery_zr.parcels where order_id = $1', [
        home[0]._id,
      ]);
      expect(await printLabels({ saisieId: saisie.job_id })).toEqual({ status: 200, pages: 4, missing: '0' });
    });

    it('prints labels for their owner only, and says why when there is none', async () => {
      const someone = await registerUser(system, 'Walid Owner');
      expect(await printLabels({ orderIds: [home[0]._id] }, someone)).toMatchObject({
        status: 404,
        body: {
          message: 'No label could be printed: Not sent to a carrier yet: run its saisie first',
          code: 'errors.not_found',
        },
      });
      const agent = await registerUser(system, 'Yacine Agent', true);
      expect((await printLabels({ orderIds: [home[0]._id] }, agent)).status).toBe(403);
      expect(await printLabels({})).toMatchObject({
        status: 400,
        body: { message: 'orderIds or saisieId is required' },
      });
    });

    it("moves the orders as ZR's parcels move through its workflow", async () => {
      const statusOf = async (order: OrderView) =>
        (await list()).find((candidate) => candidate._id === order._id)!.status;
      const parcelOf = async (order: OrderView) => {
        const tracking = (await list()).find((candidate) => candidate._id === order._id)!.delivery!.tracking;
        return parcels.find((parcel) => parcel.externalId === tracking)!;
      };
      const [delivered, returned] = [await parcelOf(home[0]), await parcelOf(home[1])];
      await moveZrCurrentParcel(system, delivered.id, 'en_livraison');
      await waitFor(
        'en cours de livraison',
        () => statusOf(home[0]),
        (status) => status === 'en cours de livraison',
      );
      await moveZrCurrentParcel(system, delivered.id, 'livre');
      await moveZrCurrentParcel(system, returned.id, 'en_retour');
      await waitFor(
        'livrée',
        () => statusOf(home[0]),
        (status) => status === 'livrée',
      );
      await waitFor(
        'retour',
        () => statusOf(home[1]),
        (status) => status === 'retour',
      );
      expect(await statusOf(home[2])).toBe('saisie');
    });
  });
});
