import { rpcPattern } from '../rpc';
import type {
  AuthorizationCallback,
  AuthorizationOutcome,
  AuthUrlDto,
  StoreIdDto,
  StoreSummaryDto,
} from './store.dto';
import type { InitStoreQuery } from './init-store.query';

export const StoresYoucanPatterns = {
  startAuthorization: rpcPattern<InitStoreQuery, AuthUrlDto>('stores-youcan', 'stores-youcan.oauth.start.v1'),
  completeAuthorization: rpcPattern<AuthorizationCallback, AuthorizationOutcome>(
    'stores-youcan',
    'stores-youcan.oauth.complete.v1',
  ),
  list: rpcPattern<void, StoreSummaryDto[]>('stores-youcan', 'stores-youcan.store.list.v1'),
  remove: rpcPattern<StoreIdDto, StoreIdDto>('stores-youcan', 'stores-youcan.store.remove.v1'),
  /** The ids of the stores a user owns: the gateway puts them in the actor. */
  ownedStoreIds: rpcPattern<{ ownerId: string }, string[]>(
    'stores-youcan',
    'stores-youcan.store.owned-ids.v1',
  ),
  /** Who owns each of the given stores (unknown ids are left out): whose delivery accounts apply. */
  ownersOf: rpcPattern<{ storeIds: string[] }, Record<string, string>>(
    'stores-youcan',
    'stores-youcan.store.owners.v1',
  ),
  /** Which of the given stores were removed: the repair sweeps delete what those left behind. */
  removedStoreIds: rpcPattern<{ storeIds: string[] }, string[]>(
    'stores-youcan',
    'stores-youcan.store.removed-ids.v1',
  ),
};
