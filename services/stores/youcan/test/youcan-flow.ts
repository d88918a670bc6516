import { QueueName } from '@tawsil/contracts/queues';
import { bullConnection, webhookKey } from '@tawsil/nest-common';
import { YOUCAN_SANDBOX_CLIENT, type TestSystem } from '@tawsil/testing';
import { Queue } from 'bullmq';
import { createHmac, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';

export interface TestUser {
  id: string;
  token: string;
  email: string;
  name: string;
}

export async function registerUser(
  system: TestSystem,
  name: string,
  isConfirmateur = false,
): Promise<TestUser> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID().slice(0, 6)}@shop.dz`;
  const answer = await system.request('POST', '/api/users/register', {
    name,
    email,
    password: 'souk-el-fellah',
    isConfirmateur,
  });
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
  return { id: answer.body._id as string, token: answer.body.token as string, email, name };
}

/** The cookie the gateway set at init, as a browser would send it back (`name=value`). */
export const LINK_COOKIE = 'tawsil_store_link';

function linkCookieOf(headers: Headers): string {
  const cookie = headers.getSetCookie().find((line) => line.startsWith(`${LINK_COOKIE}=`));
  if (!cookie) throw new Error('init set no store-link cookie');
  return cookie.split(';')[0];
}

/** Loads YouCan's callback as a browser does: with its store-link cookie, if it has one. */
export async function followCallback(system: TestSystem, callback: URL, cookie?: string) {
  const landed = await fetch(callback, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return new URL(landed.headers.get('location')!, system.gatewayUrl);
}

/**
 * Init (which sets the store-link cookie), the sandbox's consent page and its Authorize (or
 * Cancel) form, as the owner's browser does them: answers YouCan's callback URL, not yet loaded.
 */
export async function consentOnYoucan(
  system: TestSystem,
  owner: TestUser,
  storename: string,
  decision = 'authorize',
) {
  const init = await system.request(
    'POST',
    `/api/stores/youcan/init?storename=${storename}`,
    undefined,
    owner.token,
  );
  if (init.status !== 200) throw new Error(`init answered ${init.status}: ${JSON.stringify(init.body)}`);
  const cookie = linkCookieOf(init.headers);
  const authUrl = new URL(init.body.authUrl as string);
  const consent = await fetch(authUrl);
  if (!(await consent.text()).includes('Authorize')) throw new Error('no consent page');
  const form = new URLSearchParams({ response_type: 'code', decision });
  const fields = [
    'client_id',
    'redirect_uri',
    'state',
    'storename',
    'code_challenge',
    'code_challenge_method',
  ];
  for (const name of fields) form.set(name, authUrl.searchParams.get(name) ?? '');
  const authorized = await fetch(new URL('/admin/oauth/authorize', authUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  return { authUrl, callback: new URL(authorized.headers.get('location')!), cookie };
}

/**
 * The whole OAuth dance as a browser does it, ending with the gateway's callback loaded with the
 * cookie. `browser.cookie` stands in for another browser's cookie (undefined: one without any).
 * Answers where the callback sent the browser.
 */
export async function authorizeStore(
  system: TestSystem,
  owner: TestUser,
  storename: string,
  decision = 'authorize',
  browser?: { cookie: string | undefined },
) {
  const { authUrl, callback, cookie } = await consentOnYoucan(system, owner, storename, decision);
  const landing = await followCallback(system, callback, browser ? browser.cookie : cookie);
  return { authUrl, callback, landing, cookie };
}

export async function linkStore(system: TestSystem, owner: TestUser, storename: string): Promise<string> {
  const { landing } = await authorizeStore(system, owner, storename);
  if (landing.searchParams.get('linked') !== storename) throw new Error(`not linked: ${landing}`);
  const stores = await system.request('GET', '/api/stores/youcan', undefined, owner.token);
  const store = (stores.body as { _id: string; name: string }[]).find((entry) => entry.name === storename);
  return store!._id;
}

export async function sandbox(system: TestSystem, method: string, path: string, body?: unknown) {
  const response = await fetch(`${system.youcanSandboxUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json() as Promise<Record<string, unknown> & unknown[]>;
}

/** PHP's `json_encode` with default flags: slashes escaped, every non-ASCII character as a \u escape. */
export function phpJsonEncode(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The address YouCan delivers a store's webhooks to, with the store's key. */
export function webhookUrl(
  system: TestSystem,
  storeId: string,
  key = webhookKey(YOUCAN_SANDBOX_CLIENT.secret, storeId),
) {
  return `${system.gatewayUrl}/api/webhooks/youcan?store=${storeId}&key=${key}`;
}

export const signYoucan = (text: string | Buffer) =>
  createHmac('sha256', YOUCAN_SANDBOX_CLIENT.secret).update(text).digest('hex');

/**
 * The store's YouCan (the sandbox) holds the order as given: stores/youcan reads each webhook's
 * order again from YouCan, so an order a test announces by hand must be there first.
 */
export async function putInYoucan(system: TestSystem, storeId: string, order: { id?: unknown }) {
  if (typeof order?.id !== 'string') return;
  const [store] = await query<{ youcan_store_id: string }>(
    system,
    'select youcan_store_id from stores_youcan.stores where id = $1',
    [storeId],
  );
  if (!store) return;
  const stores = (await sandbox(system, 'GET', '/_sandbox/stores')) as unknown as {
    id: string;
    slug: string;
  }[];
  const slug = stores.find((entry) => entry.id === store.youcan_store_id)!.slug;
  await sandbox(system, 'PUT', `/_sandbox/stores/${slug}/orders/${encodeURIComponent(order.id)}`, order);
}

/** Posts a webhook to the gateway as YouCan does: to the store's keyed address, signed over the bytes sent. */
export function postWebhook(system: TestSystem, storeId: string, body: string, key?: string) {
  return fetch(webhookUrl(system, storeId, key), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-youcan-signature': signYoucan(body) },
    body,
  });
}

/** A webhook as YouCan sends it, its order put in the store's YouCan first. */
export async function deliverWebhook(system: TestSystem, storeId: string, body: string) {
  const parsed = JSON.parse(body) as { id?: unknown; data?: { id?: unknown } };
  await putInYoucan(system, storeId, parsed.id === undefined && parsed.data ? parsed.data : parsed);
  return postWebhook(system, storeId, body);
}

export async function query<T = Record<string, unknown>>(
  system: TestSystem,
  sql: string,
  params: unknown[] = [],
) {
  const client = new Client({ connectionString: system.database.url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  let last: T = await probe();
  while (!done(last)) {
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    await sleep(200);
    last = await probe();
  }
  return last;
}

export const ordersOf = (system: TestSystem, storeId: string) =>
  query<{ n: string }>(system, 'select count(*) as n from orders.orders where store_id = $1', [storeId]).then(
    ([row]) => Number(row.n),
  );

/** True when no job of the order pipeline is waiting, delayed or running. */
export async function pipelineIdle(system: TestSystem): Promise<boolean> {
  const names = [QueueName.YoucanOrderEvents, QueueName.OrdersSync, QueueName.YoucanImport];
  const queues = names.map(
    (name) => new Queue(name, { connection: bullConnection(system.redis.url), prefix: 'tawsil' }),
  );
  try {
    const counts = await Promise.all(
      queues.map((queue) => queue.getJobCounts('waiting', 'active', 'delayed')),
    );
    return counts.every((count) => Object.values(count).every((n) => n === 0));
  } finally {
    await Promise.all(queues.map((queue) => queue.close()));
  }
}
