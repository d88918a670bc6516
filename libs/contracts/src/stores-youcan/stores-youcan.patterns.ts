import { rpcPattern } from '../rpc';
import type {
  AuthUrlDto,
  LinkCallback,
  LinkOutcome,
  StartLinkRequest,
  StoreIdDto,
  StoreSummaryDto,
} from './store.dto';

export const StoresYoucanPatterns = {
  /** A single-use link attempt bound to the browser's nonce (docs/security.md, Store linking). */
  startAuthorization: rpcPattern<StartLinkRequest, AuthUrlDto>(
    'stores-youcan',
    'stores-youcan.oauth.start.v2',
  ),
  /** YouCan's callback: completes the attempt once, only with the nonce of the browser that started it. */
  completeAuthorization: rpcPattern<LinkCallback, LinkOutcome>(
    'stores-youcan',
    'stores-youcan.oauth.complete.v2',
    { public: true },
  ),
  list: rpcPattern<void, StoreSummaryDto[]>('stores-youcan', 'stores-youcan.store.list.v1'),
  remove: rpcPattern<StoreIdDto, StoreIdDto>('stores-youcan', 'stores-youcan.store.remove.v1'),
  /** The ids of the stores a user owns: the gateway puts them in the actor. */
  ownedStoreIds: rpcPattern<{ ownerId: string }, string[]>(
    'stores-youcan',
    'stores-youcan.store.owned-ids.v1',
    { public: true },
  ),
  /** Who owns each of the given stores (unknown ids are left out): whose delivery accounts apply. */
  ownersOf: rpcPattern<{ storeIds: string[] }, Record<string, string>>(
    'stores-youcan',
    'stores-youcan.store.owners.v1',
    { public: true },
  ),
  /** Which of the given stores were removed: the repair sweeps delete what those left behind. */
  removedStoreIds: rpcPattern<{ storeIds: string[] }, string[]>(
    'stores-youcan',
    'stores-youcan.store.removed-ids.v1',
    { public: true },
  ),
};
