import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildZrSandbox } from '../src/app';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export interface TenantAuth {
  tenantId: string;
  apiKey: string;
}

/** The Procolis pair the default tenant of the current API is derived from. */
export const PROCOLIS = { token: 'a'.repeat(64), key: 'b'.repeat(32) };

/** A ZR sandbox on a free port, and a small client for its current API and control routes. */
export async function startCurrentApi() {
  const sandbox: FastifyInstance = buildZrSandbox(PROCOLIS);
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
  const auth = (await (await fetch(`${base}/_sandbox/v1/credentials`)).json()) as TenantAuth;

  const call = async (method: string, path: string, body?: unknown, as: TenantAuth = auth) => {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: {
        'x-api-key': as.apiKey,
        'x-tenant': as.tenantId,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Json };
  };
  const control = async (path: string, body?: unknown) => {
    const response = await fetch(`${base}/_sandbox/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  const wilayas = async () =>
    (
      await call('POST', '/territories/search', {
        pageSize: 100,
        advancedFilter: { field: 'level', operator: 'eq', value: 'wilaya' },
      })
    ).body;
  const wilaya = async (code: number) => (await wilayas()).items.find((item: Json) => item.code === code);
  const communesOf = async (wilayaId: string) =>
    (
      await call('POST', '/territories/search', {
        pageSize: 1000,
        advancedFilter: { field: 'parentId', operator: 'eq', value: wilayaId },
      })
    ).body.items as Json[];

  /** A valid home-delivery parcel to a commune of Alger. */
  const homeParcel = async (overrides: Json = {}) => {
    const alger = await wilaya(16);
    const [commune] = await communesOf(alger.id);
    return {
      customer: { name: 'Amina Benali', phone: { number1: '+213555123456' } },
      deliveryAddress: {
        cityTerritoryId: alger.id,
        districtTerritoryId: commune.id,
        street: 'Cité 200 logements',
      },
      deliveryType: 'home',
      orderedProducts: [{ productName: 'Montre connectée', quantity: 1, unitPrice: 5000, stockType: 'none' }],
      amount: 5300,
      description: 'Montre connectée',
      externalId: 'ORD-1',
      ...overrides,
    };
  };

  return { sandbox, auth, call, control, wilayas, wilaya, communesOf, homeParcel };
}
