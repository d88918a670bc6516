import type { OrdersFilterDto } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { recognizeWilaya } from '@tawsil/geo-dz';
import { ServiceError } from '@tawsil/nest-common';
import type { OrderFilters } from './orders-query.repository';

/** The list's filters for the caller: its stores (or the one it names, when it is one of them). */
export function orderFiltersOf(caller: Actor, query: OrdersFilterDto): OrderFilters {
  if (query.storeId && !caller.storeIds.includes(query.storeId))
    throw ServiceError.notFound('Store not found');
  return {
    storeIds: query.storeId ? [query.storeId] : caller.storeIds,
    q: query.q?.trim() || undefined,
    status: query.status,
    wilayaCode: query.region ? wilayaOf(query.region) : undefined,
    from: query.from,
    to: query.to,
  };
}

/** A wilaya code, or a name the store might have typed ("Alger", "الجزائر"). */
function wilayaOf(region: string): number {
  const wilaya = recognizeWilaya(region);
  if (!wilaya) throw ServiceError.badRequest('region must be a wilaya code from 1 to 58 or a wilaya name');
  return wilaya.code;
}
