import { CarrierError, type CarrierCredentials } from './carrier';

export interface ZrCurrentClientOptions {
  baseUrl: string;
  timeoutMs: number;
}

/** A ZR answer other than 2xx that is neither a refusal of the credentials nor a failure of ZR. */
export class ZrProblem extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.detail ?? body.title ?? `ZR Express answered ${status}`));
    this.name = 'ZrProblem';
  }
}

interface Page<T> {
  items?: T[];
  hasNext?: boolean;
}

/**
 * ZR Express's current API (shared/external-apis.md, A2): `X-Api-Key` + `X-Tenant`, JSON both
 * ways, errors as RFC 7807 problems. 401/403 are CarrierError('credentials'); 5xx, timeouts and
 * unreachable ZR are CarrierError('unavailable'); other 4xx are ZrProblem, for the caller to read.
 */
export class ZrCurrentClient {
  private readonly baseUrl: string;

  constructor(private readonly options: ZrCurrentClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** 2xx and 207 (bulk) answers, parsed. */
  async call<T>(
    credentials: CarrierCredentials,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          'X-Api-Key': credentials.apiKey,
          'X-Tenant': credentials.tenantId ?? '',
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new CarrierError('unavailable', `ZR Express ${reason} (${path})`);
    }
    if (response.status === 401 || response.status === 403)
      throw new CarrierError('credentials', 'ZR Express refused the API key and tenant id');
    if (response.status >= 500 || response.status === 429)
      throw new CarrierError('unavailable', `ZR Express answered ${response.status} (${path})`);
    const parsed = await this.json(response, path);
    if (!response.ok) throw new ZrProblem(response.status, (parsed ?? {}) as Record<string, unknown>);
    return parsed as T;
  }

  /** Every item of a paged search, page after page. */
  async searchAll<T>(credentials: CarrierCredentials, path: string, body: object = {}): Promise<T[]> {
    const items: T[] = [];
    for (let pageNumber = 1; pageNumber <= 100; pageNumber++) {
      const page = await this.call<Page<T>>(credentials, 'POST', path, {
        ...body,
        pageNumber,
        pageSize: 1000,
      });
      items.push(...(page.items ?? []));
      if (!page.hasNext) break;
    }
    return items;
  }

  /** A file behind a signed URL (labels): no API headers. */
  async file(url: string): Promise<Uint8Array> {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs) });
    } catch {
      throw new CarrierError('unavailable', 'ZR Express label file could not be fetched');
    }
    if (!response.ok)
      throw new CarrierError('unavailable', `ZR Express label file answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }

  private async json(response: Response, path: string): Promise<unknown> {
    const text = await response.text();
    if (text === '') return null;
    try {
      return JSON.parse(text);
    } catch {
      throw new CarrierError('unavailable', `ZR Express answered something that is not JSON (${path})`);
    }
  }
}
