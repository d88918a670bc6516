import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { SecretBox } from '@tawsil/nest-common';
import { YoucanApiError } from '../youcan/youcan-api.error';
import type { YoucanTokens } from '../youcan/youcan.types';
import { YoucanClient } from '../youcan/youcan.client';
import type { Store } from './store.entity';
import { StoresRepository } from './stores.repository';

/** Refresh a little before YouCan's expiry, not on the dot. */
const EXPIRY_MARGIN_MS = 60_000;

/** A store's YouCan tokens: sealed at rest, opened for a call, refreshed when they expire. */
@Injectable()
export class StoreTokens {
  constructor(
    private readonly em: EntityManager,
    private readonly stores: StoresRepository,
    private readonly youcan: YoucanClient,
    private readonly secrets: SecretBox,
  ) {}

  seal(store: Store, tokens: YoucanTokens): void {
    store.accessToken = this.secrets.seal(tokens.access_token, `${store.id}:access`);
    store.refreshToken = tokens.refresh_token
      ? this.secrets.seal(tokens.refresh_token, `${store.id}:refresh`)
      : null;
    store.tokenExpiresAt = new Date(Date.now() + Math.max(tokens.expires_in, 60) * 1000);
  }

  /** Runs a YouCan call with a valid access token, refreshing once if YouCan says it expired. */
  async withAccessToken<T>(storeId: string, call: (accessToken: string) => Promise<T>): Promise<T> {
    let store = await this.load(storeId);
    if (store.tokenExpiresAt.getTime() - EXPIRY_MARGIN_MS < Date.now())
      store = await this.refresh(storeId, store.accessToken);
    try {
      return await call(this.open(store, 'access'));
    } catch (error) {
      if (!(error instanceof YoucanApiError) || !error.isUnauthenticated) throw error;
      store = await this.refresh(storeId, store.accessToken);
      return call(this.open(store, 'access'));
    }
  }

  /**
   * One refresh per expiry even with several workers: the row is locked, and a token already
   * replaced by another worker is used rather than refreshed again (YouCan rotates refresh tokens).
   */
  private refresh(storeId: string, staleAccessToken: string): Promise<Store> {
    return this.em.fork().transactional(async (em) => {
      const store = await this.stores.lock(em, storeId);
      if (store.accessToken !== staleAccessToken) return store;
      if (!store.refreshToken)
        throw new YoucanApiError(401, 'YouCan no longer accepts this store: link it again');
      this.seal(store, await this.youcan.refresh(this.open(store, 'refresh')));
      return store;
    });
  }

  private load(storeId: string): Promise<Store> {
    return this.stores.findOrFail(storeId);
  }

  private open(store: Store, kind: 'access' | 'refresh'): string {
    const sealed = kind === 'access' ? store.accessToken : store.refreshToken;
    return this.secrets.open(sealed ?? '', `${store.id}:${kind}`);
  }
}
