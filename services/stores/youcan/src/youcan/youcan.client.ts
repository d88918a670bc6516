import { Injectable } from '@nestjs/common';
import { StoresYoucanConfig } from '../config/stores-youcan.config';
import { YoucanApiError } from './youcan-api.error';
import type { YoucanOrder, YoucanOrdersPage, YoucanStoreInfo, YoucanTokens } from './youcan.types';

const TIMEOUT_MS = 15_000;
const SCOPES = ['read-orders', 'read-customers', 'read-rest-hooks', 'edit-rest-hooks', 'delete-rest-hooks'];

/** YouCan's OAuth and REST API, as the stores service uses them. */
@Injectable()
export class YoucanClient {
  private readonly apiUrl: string;

  constructor(private readonly config: StoresYoucanConfig) {
    this.apiUrl = config.YOUCAN_API_URL.replace(/\/+$/, '');
  }

  /**
   * The consent page, with a PKCE S256 challenge (unless YOUCAN_PKCE is false); `storename` is ours (YouCan ignores parameters
   * it does not know).
   */
  authorizeUrl(state: string, storename: string, codeChallenge: string): string {
    const url = new URL(this.config.YOUCAN_AUTHORIZE_URL);
    url.searchParams.set('client_id', this.config.YOUCAN_CLIENT_ID);
    url.searchParams.set('redirect_uri', this.redirectUri);
    url.searchParams.set('response_type', 'code');
    for (const scope of SCOPES) url.searchParams.append('scope[]', scope);
    url.searchParams.set('state', state);
    if (this.config.YOUCAN_PKCE) {
      url.searchParams.set('code_challenge', codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
    }
    url.searchParams.set('storename', storename);
    return url.toString();
  }

  get redirectUri(): string {
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/api/stores/youcan/callback`;
  }

  exchangeCode(code: string, codeVerifier: string): Promise<YoucanTokens> {
    return this.token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.redirectUri,
      ...(this.config.YOUCAN_PKCE ? { code_verifier: codeVerifier } : {}),
    });
  }

  refresh(refreshToken: string): Promise<YoucanTokens> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  me(accessToken: string): Promise<YoucanStoreInfo> {
    return this.request('GET', '/me', accessToken);
  }

  /**
   * One page of orders, oldest first by default, so that orders created during an import only add
   * pages; newest first for the re-read of recent orders.
   */
  orders(
    accessToken: string,
    page: number,
    limit: number,
    sortOrder: 'asc' | 'desc' = 'asc',
  ): Promise<YoucanOrdersPage> {
    const query = new URLSearchParams({
      page: String(page),
      limit: String(limit),
      sort_field: 'created_at',
      sort_order: sortOrder,
      include: 'customer,variants,shipping',
    });
    return this.request('GET', `/orders?${query}`, accessToken);
  }

  /** One order as the store's YouCan holds it; a 404 when the store has no such order. */
  order(accessToken: string, orderId: string): Promise<YoucanOrder> {
    const query = new URLSearchParams({ include: 'customer,variants,shipping' });
    return this.request('GET', `/orders/${encodeURIComponent(orderId)}?${query}`, accessToken);
  }

  async subscribe(accessToken: string, event: string, targetUrl: string): Promise<string> {
    const answer = await this.request<{ id: string }>('POST', '/resthooks/subscribe', accessToken, {
      event,
      target_url: targetUrl,
    });
    return answer.id;
  }

  /** The newer `DELETE /resthooks/{id}` first, then the 2022 form; an unknown hook is already gone. */
  async unsubscribe(accessToken: string, hookId: string): Promise<void> {
    const id = encodeURIComponent(hookId);
    try {
      await this.request('DELETE', `/resthooks/${id}`, accessToken);
    } catch (error) {
      if (!(error instanceof YoucanApiError) || ![404, 405].includes(error.status)) throw error;
      try {
        await this.request('POST', `/resthooks/unsubscribe/${id}`, accessToken);
      } catch (fallbackError) {
        if (!(fallbackError instanceof YoucanApiError) || fallbackError.status !== 404) throw fallbackError;
      }
    }
  }

  private async token(grant: Record<string, string>): Promise<YoucanTokens> {
    const body = new URLSearchParams({
      ...grant,
      client_id: this.config.YOUCAN_CLIENT_ID,
      client_secret: this.config.YOUCAN_CLIENT_SECRET,
    });
    return this.send(`${this.apiUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    });
  }

  private request<T>(method: string, path: string, accessToken: string, json?: unknown): Promise<T> {
    return this.send(`${this.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  }

  private async send<T>(url: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new YoucanApiError(0, `no answer (${(error as Error).name})`);
    }
    const text = await response.text();
    const body = parseJson(text);
    if (!response.ok) {
      const detail = body?.detail ?? body?.message ?? body?.error ?? response.statusText;
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new YoucanApiError(
        response.status,
        String(detail),
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      );
    }
    if (body === undefined) throw new YoucanApiError(502, 'the answer was not JSON');
    return body as T;
  }
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
