import type { DeliveryAccountView, TariffEntry } from '@tawsil/contracts/delivery-zr';
import type { OrderView } from '@tawsil/contracts/orders';
import { communesOf } from '@tawsil/geo-dz';
import {
  addZrAccount,
  buildWorld,
  type OrdersWorld,
  query,
  registerUser,
  setZrSandbox,
  TestSystem,
  type TestUser,
  zrCredentials,
} from '@tawsil/testing';

/** Delivery accounts, their tariffs, and the server's delivery rules. */
describe('Delivery accounts and tariffs', () => {
  let system: TestSystem;
  let world: OrdersWorld;
  let account: DeliveryAccountView;
  let order: OrderView;

  beforeAll(async () => {
    system = await TestSystem.shared({ youcanSandbox: true, zrSandbox: true });
    world = await buildWorld(system, 'accounts');
    account = world.zrAccount!;
    const listed = await system.request(
      'GET',
      `/api/orders/youcan?storeId=${world.mainStore}&limit=1`,
      undefined,
      world.owner.token,
    );
    [order] = listed.body as unknown as OrderView[];
  });
  afterEach(() => setZrSandbox(system, { failureRate: 0 }));

  const call = (method: string, path: string, user?: TestUser, body?: unknown) =>
    system.request(method, path, body, user?.token);
  const setDelivery = (user: TestUser, delivery: Record<string, unknown>) =>
    call('PUT', `/api/orders/youcan/${order._id}`, user, {
      delivery: { deliveryAccount: account._id, ...delivery },
    });

  describe('accounts', () => {
    it('adds an account checked with ZR, and never sends its key or secret back', async () => {
      const listed = await call('GET', '/api/delivery/account', world.owner);
      expect(listed.body).toEqual([
        {
          _id: account._id,
          company: 'zrexpress',
          api: 'procolis',
          storeName: 'Boutique Amina',
          createdAt: expect.any(String),
        },
      ]);
      const { apiKey, apiSecret } = await zrCredentials(system);
      const [stored] = await query(
        system,
        'select api_key, api_secret from delivery_zr.accounts where id = $1',
        [account._id],
      );
      expect(JSON.stringify(stored)).not.toContain(apiKey);
      expect(JSON.stringify(stored)).not.toContain(apiSecret);
      expect(String(stored.api_key)).toMatch(/^v1:/);
      // Not in any service's logs either (LOG_LEVEL is debug in tests).
      const logs = JSON.stringify(system.processes.flatMap((process) => process.logs));
      expect(logs).not.toContain(apiKey);
      expect(logs).not.toContain(apiSecret);
    });

    it('refuses credentials ZR refuses, and the same account twice, storing nothing', async () => {
      const { apiKey, apiSecret } = await zrCredentials(system);
      const wrong = await call('POST', '/api/delivery/account', world.owner, {
        company: 'zrexpress',
        storeName: 'Essai',
        apiKey: 'a'.repeat(32),
        apiSecret,
      });
      expect(wrong).toMatchObject({
        status: 400,
        body: {
          message: 'ZR Express refused these credentials: copy them again from your ZR Express account',
        },
      });
      // Key and secret pasted the wrong way round are the same account.
      const again = await call('POST', '/api/delivery/account', world.owner, {
        company: 'zrexpress',
        storeName: 'Encore',
        apiKey: apiSecret,
        apiSecret: apiKey,
      });
      expect(again).toMatchObject({
        status: 409,
        body: { message: 'This ZR Express account is already added' },
      });
      expect((await call('GET', '/api/delivery/account', world.owner)).body).toHaveLength(1);
    });

    it('takes an account whose key and secret were pasted the wrong way round', async () => {
      const { apiKey, apiSecret } = await zrCredentials(system);
      const added = await call('POST', '/api/delivery/account', world.otherOwner, {
        company: 'zrexpress',
        storeName: 'Boutique Walid',
        apiKey: apiSecret,
        apiSecret: apiKey,
      });
      expect(added).toMatchObject({
        status: 201,
        body: { message: 'ZR Express account "Boutique Walid" added' },
      });
      const tariffs = await call(
        'GET',
        `/api/ZR/tarification/${(added.body.account as DeliveryAccountView)._id}`,
        world.otherOwner,
      );
      expect(tariffs.status).toBe(200);
    });

    it('refuses bad input with a message naming the field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ storeName: 'x', apiKey: 'k', apiSecret: 's' }, 'company must be zrexpress or yalidine'],
        [
          { company: 'dhd', storeName: 'x', apiKey: 'k', apiSecret: 's' },
          'company must be zrexpress or yalidine',
        ],
        [{ company: 'zrexpress', api: 'fedex', storeName: 'x', apiKey: 'k' }, 'api must be one of'],
        [
          { company: 'zrexpress', api: 'yalidine', storeName: 'x', apiKey: 'k', apiSecret: 's' },
          'api yalidine is not an API of zrexpress',
        ],
        [{ company: 'zrexpress', api: 'zr-current', storeName: 'x', apiKey: 'k' }, 'tenantId is required'],
        [
          { company: 'zrexpress', storeName: 'x', apiKey: 'k', tenantId: '16' },
          'tenantId must be the tenant id',
        ],
        [{ company: 'zrexpress', storeName: '  ', apiKey: 'k', apiSecret: 's' }, 'storeName is required'],
        [{ company: 'zrexpress', storeName: 'x', apiSecret: 's' }, 'apiKey'],
        [{ company: 'zrexpress', storeName: 'x', apiKey: 'k' }, 'apiSecret'],
      ];
      for (const [body, message] of cases) {
        const answer = await call('POST', '/api/delivery/account', world.owner, body);
        expect({ status: answer.status, message: answer.body.message }).toEqual({
          status: 400,
          message: expect.stringContaining(message),
        });
      }
      expect((await call('DELETE', '/api/delivery/account/nope', world.owner)).body).toEqual({
        message: 'id must be a delivery account id',
        code: 'validation.failed',
        params: { field: 'id', constraint: 'isUuid' },
      });
    });

    it.each([
      ['procolis', { company: 'zrexpress', apiKey: 'k', apiSecret: 's' }],
      [
        'the current ZR API',
        { company: 'zrexpress', tenantId: '3f1c2e4d-5a6b-4c7d-8e9f-0a1b2c3d4e5f', apiKey: 'k' },
      ],
      ['Yalidine', { company: 'yalidine', apiKey: 'k', apiSecret: 's', fromWilaya: 16 }],
    ])(
      'refuses a key or secret no carrier header can carry with a 400 naming it, for %s, never a 502',
      async (_, account) => {
        const fields = 'apiSecret' in account ? ['apiKey', 'apiSecret'] : ['apiKey'];
        for (const field of fields) {
          // A lone surrogate is no text at all: refused as such, before the credential's own rule.
          expect(
            await call('POST', '/api/delivery/account', world.owner, {
              ...account,
              storeName: 'Caractères',
              [field]: '\ud800',
            }),
          ).toMatchObject({ status: 400, body: { params: { field, rule: 'validation.malformed_text' } } });
          for (const value of ['١٢٣', 'clé-123'])
            expect(
              await call('POST', '/api/delivery/account', world.owner, {
                ...account,
                storeName: 'Caractères',
                [field]: value,
              }),
            ).toMatchObject({
              status: 400,
              body: {
                message: `${field} must be copied as the carrier shows it: Latin letters, digits and symbols only`,
                code: 'validation.failed',
                params: { field, rule: 'delivery.credential_characters' },
              },
            });
        }
      },
    );

    it('answers 502 when ZR cannot be reached to check the credentials', async () => {
      const newcomer = await registerUser(system, 'Karim Owner');
      await setZrSandbox(system, { failureRate: 1 });
      const answer = await call('POST', '/api/delivery/account', newcomer, {
        company: 'zrexpress',
        storeName: 'Plus tard',
        ...(await zrCredentials(system)),
      });
      expect(answer).toMatchObject({
        status: 502,
        body: { message: 'ZR Express could not be reached to check these credentials, try again shortly' },
      });
    });

    it('keeps accounts to their owner: agents are refused, other owners do not see them', async () => {
      for (const agent of [world.agent, world.otherAgent]) {
        const answers = await Promise.all([
          call('GET', '/api/delivery/account', agent),
          call('POST', '/api/delivery/account', agent, {
            company: 'zrexpress',
            storeName: 'x',
            apiKey: 'k',
            apiSecret: 's',
          }),
          call('DELETE', `/api/delivery/account/${account._id}`, agent),
        ]);
        expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403]);
      }
      expect((await call('DELETE', `/api/delivery/account/${account._id}`, world.otherOwner)).status).toBe(
        404,
      );
      expect((await call('GET', '/api/delivery/account')).status).toBe(401);
      const others = (await call('GET', '/api/delivery/account', world.otherOwner))
        .body as unknown as DeliveryAccountView[];
      expect(others.map((entry) => entry._id)).not.toContain(account._id);
    });

    it("offers on an order the accounts of its store's owner, to its agents too", async () => {
      for (const user of [world.owner, world.agent]) {
        const answer = await call('GET', `/api/delivery/account/${order._id}`, user);
        expect(answer.body).toEqual([
          expect.objectContaining({ _id: account._id, storeName: 'Boutique Amina' }),
        ]);
      }
      for (const user of [world.otherAgent, world.otherOwner])
        expect((await call('GET', `/api/delivery/account/${order._id}`, user)).status).toBe(404);
    });
  });

  describe('tariffs', () => {
    it('answers the tariff of every wilaya, "0" where a service is not offered', async () => {
      for (const user of [world.owner, world.agent]) {
        const answer = await call('GET', `/api/ZR/tarification/${account._id}`, user);
        const entries = answer.body as unknown as TariffEntry[];
        expect(entries).toHaveLength(58);
        expect(entries.find((entry) => entry.IDWilaya === 16)).toEqual({
          IDWilaya: 16,
          Wilaya: 'Alger',
          Stopdesk: expect.stringMatching(/^[1-9]\d*$/),
          Domicile: expect.stringMatching(/^[1-9]\d*$/),
        });
        expect(entries.find((entry) => entry.IDWilaya === 33)?.Stopdesk).toBe('0');
        expect(entries.find((entry) => entry.IDWilaya === 50)?.Domicile).toBe('0');
      }
    });

    it('serves them from its cache while ZR is down, and says so when it has none', async () => {
      const other = (await call('GET', '/api/delivery/account', world.otherOwner))
        .body as unknown as DeliveryAccountView[];
      const fresh = await addZrAccount(system, world.otherOwner, 'Walid Express').catch(() => other[0]);
      await query(system, 'delete from delivery_zr.tariffs where account_id = $1', [fresh._id]);
      await setZrSandbox(system, { failureRate: 1 });
      expect((await call('GET', `/api/ZR/tarification/${account._id}`, world.owner)).body).toHaveLength(58);
      expect(await call('GET', `/api/ZR/tarification/${fresh._id}`, world.otherOwner)).toMatchObject({
        status: 502,
        body: { message: 'ZR Express tariffs are unavailable right now, try again shortly' },
      });
    });

    it('refreshes a table older than a day', async () => {
      await query(
        system,
        "update delivery_zr.tariffs set fetched_at = now() - interval '25 hours', entries = '[]'::jsonb where account_id = $1",
        [account._id],
      );
      expect((await call('GET', `/api/ZR/tarification/${account._id}`, world.owner)).body).toHaveLength(58);
    });

    it("keeps an account's tariffs to those who work with it", async () => {
      for (const user of [world.otherOwner, world.otherAgent])
        expect((await call('GET', `/api/ZR/tarification/${account._id}`, user)).status).toBe(404);
      expect((await call('GET', '/api/ZR/tarification/42', world.owner)).status).toBe(400);
    });
  });

  describe('delivery rules on the server', () => {
    it('saves a valid choice with the account it ships with', async () => {
      const answer = await setDelivery(world.agent, {
        wilaya: '31',
        isStopDesk: false,
        commune: communesOf(31)[0].name,
      });
      expect(answer).toMatchObject({
        status: 200,
        body: {
          deliveryAccount: { _id: account._id, company: 'zrexpress', storeName: 'Boutique Amina' },
          wilaya: '31',
          isStopDesk: false,
          commune: communesOf(31)[0].name,
        },
      });
    });

    it.each([
      [{ wilaya: '16', isStopDesk: false, commune: 'Sidi Chami' }, 'commune "Sidi Chami" is not in Alger'],
      [{ wilaya: '16', isStopDesk: false }, 'commune is required for a home delivery'],
      [{ wilaya: '33', isStopDesk: true, desk: 'Illizi' }, 'desk "Illizi" is not a stop desk of Illizi'],
      [{ wilaya: '50', isStopDesk: false, commune: 'Timiaouine' }, 'Domicile not available for this wilaya'],
    ])('refuses %j: %s', async (delivery, message) => {
      const answer = await setDelivery(world.agent, delivery);
      expect(answer).toMatchObject({ status: 400, body: { message } });
    });

    it("refuses an account that is not the store owner's", async () => {
      const others = (await call('GET', '/api/delivery/account', world.otherOwner))
        .body as unknown as DeliveryAccountView[];
      const answer = await call('PUT', `/api/orders/youcan/${order._id}`, world.owner, {
        delivery: { deliveryAccount: others[0]._id, wilaya: '16', isStopDesk: false, commune: 'Kouba' },
      });
      expect(answer).toMatchObject({
        status: 400,
        body: { message: "deliveryAccount is not one of this store owner's delivery accounts" },
      });
    });
  });

  it('removes an account, after which orders can no longer choose it', async () => {
    const removed = await call('DELETE', `/api/delivery/account/${account._id}`, world.owner);
    expect(removed).toEqual(expect.objectContaining({ status: 200, body: { deletedId: account._id } }));
    expect((await call('GET', '/api/delivery/account', world.owner)).body).toEqual([]);
    expect(
      (await setDelivery(world.agent, { wilaya: '16', isStopDesk: false, commune: 'Kouba' })).status,
    ).toBe(400);
    expect((await call('DELETE', `/api/delivery/account/${account._id}`, world.owner)).status).toBe(404);
  });
});
