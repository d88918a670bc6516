import type { DeliveryAccountView, SaisieJobView } from '@tawsil/contracts/delivery-zr';
import type { OrderView } from '@tawsil/contracts/orders';
import type { TestSystem } from '@tawsil/testing';
import pLimit from 'p-limit';
import {
  linkStore,
  ordersOf,
  sandbox,
  waitFor,
  type TestUser,
} from '../../../stores/youcan/test/youcan-flow';

export const HOME_ALGER = { wilaya: '16', isStopDesk: false, commune: 'Bab Ezzouar' };

/** A store of the owner's with `count` orders from the YouCan sandbox; answers them, newest first. */
export async function storeWithOrders(system: TestSystem, owner: TestUser, slug: string, count: number) {
  const storeId = await linkStore(system, owner, slug);
  await sandbox(system, 'POST', `/_sandbox/stores/${slug}/orders`, { count });
  await waitFor(
    `orders of ${slug}`,
    () => ordersOf(system, storeId),
    (n) => n === count,
    60_000,
  );
  const listed = await system.request(
    'GET',
    `/api/orders/youcan?storeId=${storeId}&limit=500`,
    undefined,
    owner.token,
  );
  let orders = listed.body as unknown as OrderView[];
  for (let cursor = listed.headers.get('x-next-cursor'); cursor;) {
    const next = await system.request(
      'GET',
      `/api/orders/youcan?storeId=${storeId}&limit=500&cursor=${cursor}`,
      undefined,
      owner.token,
    );
    orders = [...orders, ...(next.body as unknown as OrderView[])];
    cursor = next.headers.get('x-next-cursor');
  }
  return { storeId, orders };
}

/** What an agent does before saisie: confirm the order and set its delivery. */
export async function confirmAndSetDelivery(
  system: TestSystem,
  user: TestUser,
  orders: OrderView[],
  account: DeliveryAccountView,
  delivery: Record<string, unknown> = HOME_ALGER,
) {
  const limit = pLimit(8);
  await Promise.all(
    orders.map((order) =>
      limit(async () => {
        const edit = await system.request(
          'PUT',
          `/api/orders/youcan/${order._id}`,
          { ...order, quantity: order.variants[0].quantity, status: 'confirmé' },
          user.token,
        );
        const set = await system.request(
          'PUT',
          `/api/orders/youcan/${order._id}`,
          { delivery: { deliveryAccount: account._id, ...delivery } },
          user.token,
        );
        if (edit.status !== 200 || set.status !== 200)
          throw new Error(`preparing ${order.ref}: ${edit.status} ${set.status} ${JSON.stringify(set.body)}`);
      }),
    ),
  );
}

export async function startSaisie(system: TestSystem, owner: TestUser, orderIds: string[]) {
  const answer = await system.request('POST', '/api/ZR/saisie', { orderIds }, owner.token);
  if (answer.status !== 202)
    throw new Error(`saisie answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.jobId as string;
}

export const saisieStatus = async (system: TestSystem, owner: TestUser, jobId: string) =>
  (await system.request('GET', `/api/ZR/saisie/${jobId}`, undefined, owner.token))
    .body as unknown as SaisieJobView;

export const saisieFinished = (system: TestSystem, owner: TestUser, jobId: string, timeoutMs = 60_000) =>
  waitFor(
    `saisie ${jobId}`,
    () => saisieStatus(system, owner, jobId),
    (view) => view.state === 'completed' || view.state === 'failed',
    timeoutMs,
  );
