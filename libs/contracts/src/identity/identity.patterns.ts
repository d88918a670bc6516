import { rpcPattern } from '../rpc';
import type { AddConfirmateurDto, LoginDto, RegisterDto, RemoveConfirmateurDto } from './auth.dto';
import type { NewSession, SignedIn } from './session.patterns';

/** `GET /api/confirmateur`: an agent and the owner's stores it works for. */
export interface ConfirmateurView {
  _id: string;
  name: string;
  email: string;
  stores: string[];
}

export interface ConfirmateurAdded {
  message: string;
  confirmateurId: string;
  storeId: string;
}

export const IdentityPatterns = {
  /** Each sign-in opens a session (identity.sessions) whose refresh secret the gateway made. */
  register: rpcPattern<RegisterDto & NewSession, SignedIn>('identity', 'identity.user.register.v1'),
  login: rpcPattern<LoginDto & NewSession, SignedIn>('identity', 'identity.user.login.v1'),
  /** The stores a confirmateur was added to: the gateway puts them in the actor. */
  memberStoreIds: rpcPattern<{ confirmateurId: string }, string[]>(
    'identity',
    'identity.membership.store-ids.v1',
  ),
  listConfirmateurs: rpcPattern<void, ConfirmateurView[]>('identity', 'identity.confirmateur.list.v1'),
  addConfirmateur: rpcPattern<AddConfirmateurDto & { storeId: string }, ConfirmateurAdded>(
    'identity',
    'identity.confirmateur.add.v1',
  ),
  removeConfirmateur: rpcPattern<
    RemoveConfirmateurDto & { confirmateurId: string },
    { confirmateurId: string; storeId: string }
  >('identity', 'identity.confirmateur.remove.v1'),
};
