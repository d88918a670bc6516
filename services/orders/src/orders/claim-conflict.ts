import { ServiceError } from '@tawsil/nest-common';

interface Claimable {
  claimedById?: string | null;
  claimedByName?: string | null;
  claimedUntil?: Date | null;
}

/** Who holds the order right now; an expired claim holds nothing. */
export function liveClaimOf(order: Claimable): { userId: string; name: string; until: Date } | null {
  if (!order.claimedById || !order.claimedUntil || order.claimedUntil.getTime() <= Date.now()) return null;
  return {
    userId: order.claimedById,
    name: order.claimedByName ?? 'Another agent',
    until: order.claimedUntil,
  };
}

/** 409 naming the agent on the order. */
export const claimConflict = (name: string) => ServiceError.conflict(`${name} is on this order`);
