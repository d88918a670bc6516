import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

const LIFETIME_SECONDS = 15 * 60;

export interface OAuthStatePayload {
  ownerId: string;
  storename: string;
}

/**
 * The OAuth `state`: who started the authorization and for which store name, signed and
 * expiring, so that a callback can only complete an authorization its owner started recently.
 */
export class OAuthState {
  private readonly key: Buffer;

  constructor(base64Key: string) {
    this.key = Buffer.from(hkdfSync('sha256', Buffer.from(base64Key, 'base64'), '', 'oauth-state', 32));
  }

  sign(payload: OAuthStatePayload, now = Date.now()): string {
    const body = Buffer.from(
      JSON.stringify({
        o: payload.ownerId,
        s: payload.storename,
        e: Math.floor(now / 1000) + LIFETIME_SECONDS,
        n: randomBytes(8).toString('hex'),
      }),
    ).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The payload of a genuine, unexpired state; undefined for anything else. */
  verify(state: string | undefined, now = Date.now()): OAuthStatePayload | undefined {
    const [body, mac, extra] = (state ?? '').split('.');
    if (!body || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
      if (typeof claims.e !== 'number' || claims.e * 1000 < now) return undefined;
      if (typeof claims.o !== 'string' || typeof claims.s !== 'string') return undefined;
      return { ownerId: claims.o, storename: claims.s };
    } catch {
      return undefined;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
