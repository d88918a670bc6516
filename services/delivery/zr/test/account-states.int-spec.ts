import type { AccountStatesView, DeliveryAccountView } from '@tawsil/contracts/delivery-zr';
import type { OrderView } from '@tawsil/contracts/orders';
import {
  addZrAccount,
  addZrCurrentAccount,
  confirmAndSetDelivery,
  newZrTenant,
  query,
  registerUser,
  saisieFinished,
  startSaisie,
  storeWithOrders,
  TestSystem,
  type TestUser,
  waitFor,
  zrCurrentParcels,
  zrSandbox,
} from '@tawsil/testing';
import { createHmac } from 'node:crypto';

/**
 * Each account's table from its carrier's states to order statuses: read from ZR's workflows when
 * the account is added, adjusted by its owner only, and used by the next state ZR pushes.
 * Tracking reads parcels once an hour here, so every move seen comes from a webhook.
 */
describe("An account's state table", () => {
  let system: TestSystem;
  let owner: TestUser;
  let other: TestUser;
  let tenant: { apiKey: string; tenantId: string };
  let account: DeliveryAccountView;
  let orders: OrderView[];
  let secret: string;

  const statesPath = (accountId = account._id) => `/api/delivery/account/${accountId}/states`;
  const getStates = async (as = owner, accountId = account._id) =>
    system.request('GET', statesPath(accountId), undefined, as.token);
  const putStates = async (body: unknown, as = owner, headers: Record<string, string> = {}) =>
    system.request('PUT', statesPath(), body, as.token, headers);
  const stored = async () =>
    query(
      system,
      'select state_key, status, changed from delivery_zr.account_states where account_id = $1 order by state_key',
      [account._id],
    );
  const statusOf = async (order: OrderView) =>
    (
      (await system.request('GET', '/api/orders/youcan?limit=500', undefined, owner.token))
        .body as unknown as OrderView[]
    ).find((candidate) => candidate._id === order._id)!.status;

  beforeAll(async () => {
    system = await TestSystem.shared({
      youcanSandbox: true,
      zrSandbox: true,
      env: { ZR_TRACKING_INTERVAL_MS: '3600000' },
    });
    owner = await registerUser(system, 'Samira Owner');
    other = await registerUser(system, 'Karim Owner');
    orders = (await storeWithOrders(system, owner, 'account-states', 2)).orders;
    tenant = await newZrTenant(system);
    account = await addZrCurrentAccount(system, owner, 'Boutique Samira', tenant);
    const zr = async (path: string) =>
      (await (
        await fetch(`${system.zrSandboxUrl}/api/v1${path}`, {
          headers: { 'X-Api-Key': tenant.apiKey, 'X-Tenant': tenant.tenantId },
        })
      ).json()) as Record<string, unknown>;
    const [endpoint] = (await zr('/webhooks/endpoints')).endpoints as { id: string }[];
    secret = (await zr(`/webhooks/endpoints/${endpoint.id}/secret`)).secret as string;
  });

  it("is read from ZR's workflows when the account is added, with the product's defaults", async () => {
    const [row] = await query(system, 'select states_source from delivery_zr.accounts where id = $1', [
      account._id,
    ]);
    expect(row.states_source).toBe('carrier');
    const answer = await getStates();
    expect(answer.status).toBe(200);
    const view = answer.body as unknown as AccountStatesView;
    expect(view.source).toBe('carrier');
    // The sandbox's default workflow: 23 states, in its order, with ZR's French labels.
    expect(view.states).toHaveLength(23);
    expect(view.states[0]).toEqual({
      state: 'commande_recue',
      label: 'Commande reçue',
      status: 'saisie',
      defaultStatus: 'saisie',
      changed: false,
    });
    const byState = new Map(view.states.map((state) => [state.state, state]));
    expect(byState.get('echec_livraison')).toMatchObject({
      label: 'Échec de livraison',
      status: 'en cours de livraison',
    });
    expect(byState.get('recouvert')?.status).toBe('livrée');
    expect(byState.get('retourne')).toMatchObject({ label: 'Retourné au vendeur', status: 'retour' });
    // A state the product's defaults do not know stays unmapped until the owner says otherwise.
    expect(byState.get('perdu')).toMatchObject({ label: 'Perdu', status: 'ignored', changed: false });
  });

  it("serves a procolis account the product's list", async () => {
    const procolis = await addZrAccount(system, owner, 'Boutique procolis');
    const view = (await getStates(owner, procolis._id)).body as unknown as AccountStatesView;
    expect(view.source).toBe('defaults');
    expect(view.states.find((state) => state.state === 'Livrée [ Encaisser ]')?.status).toBe('livrée');
    expect(view.states.find((state) => state.state === 'Retour Navette')?.status).toBe('retour');
  });

  it("serves the product's defaults while ZR cannot be asked, then reads the workflows, keeping the owner's changes", async () => {
    const later = await addZrCurrentAccount(system, owner, 'Boutique plus tard', await newZrTenant(system));
    // As an account added before state tables: no table yet.
    await query(system, 'delete from delivery_zr.account_states where account_id = $1', [later._id]);
    await query(
      system,
      'update delivery_zr.accounts set states_source = null, states_loaded_at = null where id = $1',
      [later._id],
    );
    const viewOf = async () => (await getStates(owner, later._id)).body as unknown as AccountStatesView;
    await zrSandbox(system, 'POST', '/_sandbox/v1/settings', { failureRate: 1 });
    let away: AccountStatesView;
    try {
      away = await viewOf();
    } finally {
      await zrSandbox(system, 'POST', '/_sandbox/v1/settings', { failureRate: 0 });
    }
    expect(away.source).toBe('defaults');
    expect(away.states).toHaveLength(22);
    expect(away.states.find((state) => state.state === 'en_retour')).toMatchObject({
      label: 'En retour',
      status: 'retour',
    });
    const changed = await system.request(
      'PUT',
      statesPath(later._id),
      { changes: [{ state: 'LIVRE', status: 'retour' }] },
      owner.token,
    );
    expect(changed.status).toBe(200);
    // Not asked again at once; once the wait is over, read from ZR.
    expect((await viewOf()).source).toBe('defaults');
    await query(
      system,
      "update delivery_zr.accounts set states_loaded_at = now() - interval '20 minutes' where id = $1",
      [later._id],
    );
    const read = await viewOf();
    expect(read.source).toBe('carrier');
    expect(read.states).toHaveLength(23);
    expect(read.states.find((state) => state.state === 'livre')).toMatchObject({
      label: 'Livré',
      status: 'retour',
      defaultStatus: 'livrée',
      changed: true,
    });
    expect(read.states.find((state) => state.state === 'perdu')?.status).toBe('ignored');
  });

  it("is the owner's alone: another owner cannot read or change it", async () => {
    const before = await stored();
    expect(await getStates(other)).toMatchObject({
      status: 404,
      body: { message: 'Delivery account not found' },
    });
    expect(await putStates({ changes: [{ state: 'livre', status: 'retour' }] }, other)).toMatchObject({
      status: 404,
      body: { message: 'Delivery account not found' },
    });
    expect((await system.request('POST', `${statesPath()}/reset`, undefined, other.token)).status).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('refuses an unknown state or status, naming it, and changes nothing', async () => {
    const before = await stored();
    const unknownState = await putStates({
      changes: [
        { state: 'livre', status: 'retour' },
        { state: 'teleporte', status: 'livrée' },
      ],
    });
    expect(unknownState).toMatchObject({
      status: 400,
      body: { message: 'Unknown state for this account: teleporte' },
    });
    const unknownStatus = await putStates({ changes: [{ state: 'livre', status: 'perdue' }] });
    expect(unknownStatus.status).toBe(400);
    expect(JSON.stringify(unknownStatus.body)).toContain(
      'status must be one of saisie, en cours de livraison, livrée, retour, ignored',
    );
    for (const body of [{}, { changes: [] }, { changes: 'livre' }, { changes: [{ state: '' }] }])
      expect((await putStates(body)).status).toBe(400);
    expect(
      (await system.request('GET', '/api/delivery/account/not-an-id/states', undefined, owner.token)).status,
    ).toBe(400);
    expect(await stored()).toEqual(before);
  });

  describe('once the owner maps a state to another status', () => {
    beforeAll(async () => {
      const sent = orders.slice(0, 2);
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
      await waitFor('the saisie applied by orders', announced, (count) => count === 2);
    });

    const signed = (svixId: string, body: string) => {
      const timestamp = Math.floor(Date.now() / 1000);
      return {
        'content-type': 'application/json',
        'svix-id': svixId,
        'svix-timestamp': String(timestamp),
        'svix-signature': `v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
          .update(`${svixId}.${timestamp}.${body}`)
          .digest('base64')}`,
      };
    };
    const push = async (order: OrderView, state: string, svixId: string) => {
      const tracking = (
        (await system.request('GET', '/api/orders/youcan?limit=500', undefined, owner.token))
          .body as unknown as OrderView[]
      ).find((candidate) => candidate._id === order._id)!.delivery!.tracking;
      const parcel = (await zrCurrentParcels(system)).find((one) => one.externalId === tracking)!;
      const body = JSON.stringify({
        eventType: 'parcel.state.updated',
        occurredAt: new Date().toISOString(),
        data: { id: parcel.id, externalId: tracking, state: { name: state } },
      });
      const response = await fetch(`${system.gatewayUrl}/api/webhooks/zr/${account._id}`, {
        method: 'POST',
        headers: signed(svixId, body),
        body,
      });
      return response.json() as Promise<Record<string, unknown>>;
    };

    it("moves the order to the owner's status on the next signed webhook for that state", async () => {
      // Unmapped by default: the order stays where it is.
      expect(await push(orders[0], 'perdu', 'msg_states_lost_before')).toMatchObject({ applied: true });
      expect(await statusOf(orders[0])).toBe('saisie');

      const key = { 'Idempotency-Key': 'states-lost-as-returned' };
      const change = { changes: [{ state: 'perdu', status: 'retour' }] };
      const changed = await putStates(change, owner, key);
      expect(changed.status).toBe(200);
      const view = changed.body as unknown as AccountStatesView;
      expect(view.states.find((state) => state.state === 'perdu')).toMatchObject({
        status: 'retour',
        defaultStatus: 'ignored',
        changed: true,
      });
      // The same request again, under the same key, answers the same and changes nothing more.
      expect((await putStates(change, owner, key)).body).toEqual(changed.body);

      expect(await push(orders[0], 'perdu', 'msg_states_lost_after')).toMatchObject({ applied: true });
      await waitFor(
        "the owner's status",
        () => statusOf(orders[0]),
        (status) => status === 'retour',
      );
    });

    it('is back to the defaults after a reset', async () => {
      const reset = await system.request('POST', `${statesPath()}/reset`, undefined, owner.token);
      expect(reset.status).toBe(200);
      const view = reset.body as unknown as AccountStatesView;
      expect(view.states.every((state) => !state.changed && state.status === state.defaultStatus)).toBe(true);
      expect(await push(orders[1], 'perdu', 'msg_states_lost_reset')).toMatchObject({ applied: true });
      expect(await statusOf(orders[1])).toBe('saisie');
    });
  });
});
