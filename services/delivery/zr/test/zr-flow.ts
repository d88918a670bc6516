import type { DeliveryAccountView } from '@tawsil/contracts/delivery-zr';
import type { TestSystem } from '@tawsil/testing';
import type { TestUser } from '../../../stores/youcan/test/youcan-flow';

export interface SandboxParcel {
  Tracking: string;
  id_Externe: string;
  Situation: string;
  Commune: string;
  IDWilaya: string;
  TypeLivraison: string;
  MobileA: string;
  Total: string;
}

/** Calls the ZR sandbox's own endpoints (control, or api_v1 with the given headers). */
export async function zrSandbox(system: TestSystem, method: string, path: string, body?: unknown) {
  const response = await fetch(`${system.zrSandboxUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown> & unknown[];
}

export async function zrCredentials(system: TestSystem): Promise<{ apiKey: string; apiSecret: string }> {
  const { token, key } = (await zrSandbox(system, 'GET', '/_sandbox/credentials')) as unknown as {
    token: string;
    key: string;
  };
  return { apiKey: key, apiSecret: token };
}

export async function addZrAccount(system: TestSystem, owner: TestUser, storeName = 'Boutique Amina') {
  const answer = await system.request(
    'POST',
    '/api/delivery/account',
    { company: 'zrexpress', storeName, ...(await zrCredentials(system)) },
    owner.token,
  );
  if (answer.status !== 201)
    throw new Error(`adding a ZR account answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body as unknown as { account: DeliveryAccountView }).account;
}

export const sandboxParcels = async (system: TestSystem) =>
  (await zrSandbox(system, 'GET', '/_sandbox/parcels')) as unknown as SandboxParcel[];

export const setZrSandbox = (system: TestSystem, settings: Record<string, number>) =>
  zrSandbox(system, 'POST', '/_sandbox/settings', settings);
