import { randomBytes, randomUUID } from 'node:crypto';
import type { YoucanOrder } from './order-generator';

export interface SandboxStore {
  id: string;
  slug: string;
  name: string;
  orders: YoucanOrder[];
  hooks: { id: string; event: string; target_url: string }[];
  /** Order pages served, for tests that check an import does not start over. */
  pagesRead: number;
}

interface Grant {
  storeId: string;
  expiresAt: number;
}

export interface SandboxSettings {
  latencyMs: number;
  failureRate: number;
  rateLimitPerMinute: number;
  tokenTtlSeconds: number;
}

/** Order-list requests kept waiting until the gate opens, once `allowance` more pages have answered. */
class ListGate {
  waiting = 0;
  readonly opened: Promise<void>;
  open!: () => void;

  constructor(public allowance: number) {
    this.opened = new Promise((resolve) => (this.open = resolve));
  }
}

/** Everything the sandbox holds, in memory: it is a stand-in for tests and demos, not a store. */
export class SandboxState {
  readonly stores = new Map<string, SandboxStore>();
  readonly codes = new Map<string, Grant & { redirectUri: string; codeChallenge?: string }>();
  readonly accessTokens = new Map<string, Grant>();
  readonly refreshTokens = new Map<string, Grant>();
  failuresInjected = 0;
  private listGate?: ListGate;
  settings: SandboxSettings = {
    latencyMs: 0,
    failureRate: 0,
    rateLimitPerMinute: 0,
    tokenTtlSeconds: 1_296_000,
  };

  /**
   * After `after` more pages, every `/orders` page waits until `releaseOrderPages`: a test stops
   * an import at a page it chooses, without racing it.
   */
  holdOrderPages(after = 0): void {
    if (this.listGate) this.listGate.allowance = after;
    else this.listGate = new ListGate(after);
  }

  /** Lets the held pages answer; answers how many were waiting. */
  releaseOrderPages(): number {
    const gate = this.listGate;
    this.listGate = undefined;
    gate?.open();
    return gate?.waiting ?? 0;
  }

  get orderPagesHeld(): { holding: boolean; waiting: number } {
    return { holding: !!this.listGate, waiting: this.listGate?.waiting ?? 0 };
  }

  /** Waits while the order pages are held. */
  async orderPageGate(): Promise<void> {
    const gate = this.listGate;
    if (!gate) return;
    if (gate.allowance > 0) {
      gate.allowance -= 1;
      return;
    }
    gate.waiting += 1;
    await gate.opened;
  }

  storeNamed(slug: string): SandboxStore {
    let store = [...this.stores.values()].find((candidate) => candidate.slug === slug);
    if (!store) {
      store = { id: randomUUID(), slug, name: slug, orders: [], hooks: [], pagesRead: 0 };
      this.stores.set(store.id, store);
    }
    return store;
  }

  /** `codeChallenge`: the PKCE S256 challenge given at authorize; the exchange must then prove it. */
  issueCode(storeId: string, redirectUri: string, codeChallenge?: string): string {
    const code = randomBytes(20).toString('hex');
    this.codes.set(code, { storeId, redirectUri, codeChallenge, expiresAt: Date.now() + 10 * 60_000 });
    return code;
  }

  issueTokens(storeId: string) {
    const accessToken = randomBytes(32).toString('hex');
    const refreshToken = randomBytes(32).toString('hex');
    const ttl = this.settings.tokenTtlSeconds;
    this.accessTokens.set(accessToken, { storeId, expiresAt: Date.now() + ttl * 1000 });
    this.refreshTokens.set(refreshToken, { storeId, expiresAt: Date.now() + 365 * 86_400_000 });
    return { token_type: 'Bearer', expires_in: ttl, access_token: accessToken, refresh_token: refreshToken };
  }

  /** The store an access token opens, or undefined when it is unknown or expired. */
  storeOfToken(token: string | undefined): SandboxStore | undefined {
    const grant = token ? this.accessTokens.get(token) : undefined;
    if (!grant || grant.expiresAt <= Date.now()) return undefined;
    return this.stores.get(grant.storeId);
  }

  expireAccessTokens(): number {
    for (const grant of this.accessTokens.values()) grant.expiresAt = 0;
    return this.accessTokens.size;
  }
}
