import { stopDesksOf } from '@tawsil/geo-dz';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildZrSandbox } from '../src/app';

describe('ZR Express sandbox over HTTP', () => {
  let sandbox: FastifyInstance;
  let base: string;
  let credentials: { token: string; key: string };

  beforeAll(async () => {
    sandbox = buildZrSandbox();
    await sandbox.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
    credentials = (await (await fetch(`${base}/_sandbox/credentials`)).json()) as typeof credentials;
  });
  afterAll(() => sandbox?.close());

  const zr = (path: string, body?: unknown, auth = credentials) =>
    fetch(`${base}/api_v1/${path}`, {
      method: body === undefined && path === 'token' ? 'GET' : 'POST',
      headers: { token: auth.token, key: auth.key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const parcel = (overrides: Record<string, unknown> = {}) => ({
    TypeLivraison: '0',
    TypeColis: '0',
    Confrimee: '1',
    Client: 'Amina Benali',
    MobileA: '0555123456',
    Adresse: 'Cité 200 logements',
    IDWilaya: '16',
    Commune: 'Bab Ezzouar',
    Total: '5300',
    TProduit: 'Montre connectée Pro',
    ...overrides,
  });

  it('accepts the pair from /_sandbox/credentials and refuses a wrong one with 401', async () => {
    expect(await (await zr('token')).json()).toEqual({ Statut: 'Accès activé' });
    expect((await zr('token', undefined, { ...credentials, key: '0'.repeat(32) })).status).toBe(401);
  });

  it('prices all 58 wilayas as text, "0" where a service is not offered', async () => {
    const rows = (await (await zr('tarification', {})).json()) as {
      IDWilaya: number;
      Stopdesk: string;
      Domicile: string;
    }[];
    expect(rows.map((row) => row.IDWilaya)).toEqual(Array.from({ length: 58 }, (_, i) => i + 1));
    for (const row of rows) {
      expect(row.Stopdesk === '0').toBe(stopDesksOf(row.IDWilaya).length === 0);
      expect(row.Domicile).toMatch(/^\d+$/);
    }
    expect(rows.some((row) => row.Domicile === '0')).toBe(true);
  });

  it('creates parcels in a batch, refuses a repeated tracking and names a bad field', async () => {
    const created = (await (
      await zr('add_colis', {
        Colis: [parcel({ Tracking: 'ORD-1' }), parcel({ Tracking: 'ORD-2' }), parcel({ MobileA: '12' })],
      })
    ).json()) as {
      Colis: { Tracking: string; MessageRetour: string }[];
    };
    expect(created.Colis.map((item) => item.MessageRetour)).toEqual(['Good', 'Good', 'MobileA invalide']);

    const again = (await (await zr('add_colis', { Colis: [parcel({ Tracking: 'ORD-1' })] })).json()) as {
      Colis: { MessageRetour: string }[];
    };
    expect(again.Colis[0].MessageRetour).toBe('Double Tracking');
    const held = (await (await fetch(`${base}/_sandbox/parcels`)).json()) as { Tracking: string }[];
    expect(held.filter((item) => item.Tracking === 'ORD-1')).toHaveLength(1);
  });

  it('moves parcels through ZR states on advance, and reads them back with lire', async () => {
    await fetch(`${base}/_sandbox/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ returnShare: 0 }),
    });
    await zr('add_colis', { Colis: [parcel({ Tracking: 'ORD-ADV' })] });
    const read = async () =>
      (
        (await (await zr('lire', { Colis: [{ Tracking: 'ORD-ADV' }] })).json()) as {
          Colis: { Situation: string }[];
        }
      ).Colis[0].Situation;
    expect(await read()).toBe('En Préparation');
    for (let i = 0; i < 4; i++) await fetch(`${base}/_sandbox/parcels/advance`, { method: 'POST' });
    expect(await read()).toBe('Livrée');

    const unknown = await zr('lire', { Colis: [{ Tracking: 'NOPE' }] });
    expect(await unknown.text()).toBe('null');
  });

  const settings = async (values?: Record<string, unknown>) => {
    const response = await fetch(`${base}/_sandbox/settings`, {
      method: values ? 'POST' : 'GET',
      headers: values ? { 'content-type': 'application/json' } : {},
      body: values ? JSON.stringify(values) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('creates the parcels and then holds its answer when told to time out after accepting', async () => {
    await settings({ timeoutAfterAcceptRate: 1, timeoutAfterAcceptMs: 2_000 });
    const call = zr('add_colis', { Colis: [parcel({ Tracking: 'ORD-HELD' })] });
    const winner = await Promise.race([call.then(() => 'answered'), sleep(500).then(() => 'held')]);
    expect(winner).toBe('held');
    const held = (await (await fetch(`${base}/_sandbox/parcels`)).json()) as { Tracking: string }[];
    expect(held.map((item) => item.Tracking)).toContain('ORD-HELD');
    expect((await call).status).toBe(200);
    await settings({ timeoutAfterAcceptRate: 0 });
  });

  it('moves parcels by itself when told to, and shows and checks its settings', async () => {
    await zr('add_colis', { Colis: [parcel({ Tracking: 'ORD-TIME' })] });
    await settings({ advanceEveryMs: 50, returnShare: 0 });
    await sleep(600);
    await settings({ advanceEveryMs: 0 });
    const [record] = (
      (await (await zr('lire', { Colis: [{ Tracking: 'ORD-TIME' }] })).json()) as {
        Colis: { Situation: string }[];
      }
    ).Colis;
    expect(record.Situation).toBe('Livrée');
    expect((await settings()).body).toMatchObject({
      advanceEveryMs: 0,
      returnShare: 0,
      timeoutAfterAcceptRate: 0,
    });
    expect(await settings({ failureRate: 2 })).toEqual({
      status: 400,
      body: { message: 'failureRate must be a number from 0 to 1' },
    });
  });
});
