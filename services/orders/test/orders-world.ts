import type { DeliveryAccountView } from '@tawsil/contracts/delivery-zr';
import { addConfirmateur, type TestSystem } from '@tawsil/testing';
import { addZrAccount } from '../../delivery/zr/test/zr-flow';
import {
  linkStore,
  ordersOf,
  registerUser,
  sandbox,
  waitFor,
  type TestUser,
} from '../../stores/youcan/test/youcan-flow';

export interface SandboxOrder {
  id: string;
  ref: string;
  created_at: string;
  shipping: { address: { full_name: string; region: string; city: string; phone: string }[] };
  variants: { quantity: number; variant: { product: { name: string } } }[];
}

/** Two owners, their stores filled through the YouCan sandbox, and two agents. */
export interface OrdersWorld {
  owner: TestUser;
  otherOwner: TestUser;
  agent: TestUser;
  otherAgent: TestUser;
  mainStore: string;
  secondStore: string;
  othersStore: string;
  mainOrders: SandboxOrder[];
  /** The owner's ZR Express account, when the system runs the ZR sandbox. */
  zrAccount?: DeliveryAccountView;
}

async function fill(
  system: TestSystem,
  slug: string,
  storeId: string,
  count: number,
): Promise<SandboxOrder[]> {
  const { created } = await sandbox(system, 'POST', `/_sandbox/stores/${slug}/orders`, { count });
  await waitFor(
    `orders of ${slug}`,
    () => ordersOf(system, storeId),
    (n) => n === count,
  );
  return created as unknown as SandboxOrder[];
}

export async function buildWorld(system: TestSystem, prefix: string): Promise<OrdersWorld> {
  const [owner, otherOwner, agent, otherAgent] = await Promise.all([
    registerUser(system, 'Amina Owner'),
    registerUser(system, 'Walid Owner'),
    registerUser(system, 'Yacine Agent', true),
    registerUser(system, 'Lydia Agent', true),
  ]);
  const mainStore = await linkStore(system, owner, `${prefix}-main`);
  const secondStore = await linkStore(system, owner, `${prefix}-second`);
  const othersStore = await linkStore(system, otherOwner, `${prefix}-other`);
  const mainOrders = await fill(system, `${prefix}-main`, mainStore, 60);
  await fill(system, `${prefix}-second`, secondStore, 20);
  await fill(system, `${prefix}-other`, othersStore, 10);
  await addConfirmateur(system, owner, mainStore, agent);
  await addConfirmateur(system, otherOwner, othersStore, otherAgent);
  const zrAccount = system.zrSandboxUrl ? await addZrAccount(system, owner) : undefined;
  return { owner, otherOwner, agent, otherAgent, mainStore, secondStore, othersStore, mainOrders, zrAccount };
}
