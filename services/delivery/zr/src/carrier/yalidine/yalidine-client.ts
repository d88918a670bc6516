import { Logger } from '@nestjs/common';
import { CarrierError } from '../carrier';
import type { YalidineQuota } from './yalidine-quota';

/** An account's API id and token, from Yalidine's Developer Dashboard. */
export interface YalidineKeys {
  apiId: string;
  apiToken: string;
}

export interface YalidineClientOptions {
  /** Like `https://api.yalidine.app/v1`. */
  baseUrl: string;
  timeoutMs: number;
}

/** Yalidine's paged list answer. */
export interface YalidineList<T> {
  has_more: boolean;
  total_data: number;
  data: T[];
}

/** A 429 is refused before anything is done: resent after its Retry-After, at most this often. */
const TOO_MANY_RETRIES = 5;

/**
 * Calls Yalidine's API v1 (shared/external-apis.md D) with the `X-API-ID` and `X-API-TOKEN`
 * headers, each call taking its turn in the account's quota.
 */
export class YalidineClient {
  private readonly logger = new Logger(YalidineClient.name);
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(
    options: YalidineClientOptions,
    private readonly quota: YalidineQuota,
  ) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs;
  }

  get<T>(keys: YalidineKeys, resource: string, query: Record<string, string | number> = {}): Promise<T> {
    const params = new URLSearchParams(
      Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
    );
    const search = params.size > 0 ? `?${params.toString()}` : '';
    return this.call<T>(keys, 'GET', `/${resource}/${search}`);
  }

  post<T>(keys: YalidineKeys, resource: string, body: unknown): Promise<T> {
    return this.call<T>(keys, 'POST', `/${resource}/`, body);
  }

  /** Every page of a list (page_size 1000). */
  async all<T>(keys: YalidineKeys, resource: string, query: Record<string, string | number>): Promise<T[]> {
    const rows: T[] = [];
    for (let page = 1; ; page++) {
      const answer = await this.get<YalidineList<T>>(keys, resource, { ...query, page, page_size: 1000 });
      rows.push(...(answer?.data ?? []));
      if (!answer?.has_more) return rows;
    }
  }

  private async call<T>(
    keys: YalidineKeys,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      await this.quota.take(keys.apiId);
      const response = await this.send(keys, method, path, body);
      await this.quota.observe(keys.apiId, response.headers);
      if (response.status === 429) {
        const waitMs = Math.max(1, Number(response.headers.get('retry-after')) || 1) * 1000;
        await this.quota.holdBack(keys.apiId, waitMs);
        this.logger.warn(
          { path: path.split('?')[0], waitMs },
          'Yalidine answered 429: waiting its Retry-After',
        );
        if (attempt + 1 >= TOO_MANY_RETRIES)
          throw new CarrierError('unavailable', `Yalidine kept answering 429 (${path.split('?')[0]})`);
        continue;
      }
      if (response.status === 401 || response.status === 403)
        throw new CarrierError('credentials', 'Yalidine refused the API id and token');
      const text = await response.text();
      if (!response.ok)
        throw new CarrierError(
          'unavailable',
          `Yalidine answered ${response.status} (${path.split('?')[0]})${errorMessage(text)}`,
        );
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new CarrierError('unavailable', `Yalidine answered something that is not JSON (${path})`);
      }
    }
  }

  private async send(keys: YalidineKeys, method: string, path: string, body?: unknown): Promise<Response> {
    try {
      return await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          'x-api-id': keys.apiId,
          'x-api-token': keys.apiToken,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new CarrierError('unavailable', `Yalidine ${reason} (${path.split('?')[0]})`);
    }
  }

  /** A label link as Yalidine gives it (absolute, signed, no headers needed). */
  async pdf(url: string): Promise<Uint8Array> {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch {
      throw new CarrierError('unavailable', 'Yalidine did not send a label');
    }
    if (!response.ok)
      throw new CarrierError('unavailable', `Yalidine answered ${response.status} for a label`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/** `: <message>` from Yalidine's error body, when it has one. */
function errorMessage(text: string): string {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } })?.error?.message;
    return typeof message === 'string' && message ? `: ${message}` : '';
  } catch {
    return '';
  }
}
