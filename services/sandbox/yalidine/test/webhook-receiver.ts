import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  path: string;
  signatureValid: boolean;
  body: { type: string; events: { event_id: string; occurred_at: string; data: Record<string, unknown> }[] };
}

/**
 * A merchant's endpoint as Yalidine's docs ask for it: a GET with `subscribe` and `crc_token`
 * echoes the token as plain text; a POST is kept only with a valid `X-YALIDINE-SIGNATURE`.
 * `/refuse/...` answers 500 to every POST, `/flaky/...` to the first two; `/mute` echoes nothing.
 */
export class WebhookReceiver {
  readonly deliveries: Delivery[] = [];
  /** The refused POSTs: path and the event ids they carried. */
  readonly refused: { path: string; eventIds: string[] }[] = [];
  /** The secret per path, known once the sandbox has shown it. */
  readonly secrets = new Map<string, string>();
  private server: Server | undefined;
  private readonly posts = new Map<string, number>();

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://receiver');
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method === 'GET') {
          const token = url.searchParams.get('crc_token');
          const echo = url.searchParams.has('subscribe') && token && url.pathname !== '/mute';
          response.writeHead(200, { 'content-type': 'text/plain' }).end(echo ? token : 'hello');
          return;
        }
        const raw = Buffer.concat(chunks);
        const count = (this.posts.get(url.pathname) ?? 0) + 1;
        this.posts.set(url.pathname, count);
        if (url.pathname.startsWith('/refuse') || (url.pathname.startsWith('/flaky') && count <= 2)) {
          const { events } = JSON.parse(raw.toString('utf8')) as Delivery['body'];
          this.refused.push({ path: url.pathname, eventIds: events.map((e) => e.event_id) });
          response.writeHead(500).end();
          return;
        }
        const secret = this.secrets.get(url.pathname) ?? '';
        const expected = createHmac('sha256', secret).update(raw).digest();
        const given = Buffer.from(String(request.headers['x-yalidine-signature'] ?? ''), 'hex');
        const signatureValid = given.length === expected.length && timingSafeEqual(given, expected);
        this.deliveries.push({ path: url.pathname, signatureValid, body: JSON.parse(raw.toString('utf8')) });
        response.writeHead(signatureValid ? 200 : 401).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  events(path: string, type: string) {
    return this.deliveries
      .filter((d) => d.path === path && d.body.type === type)
      .flatMap((d) => d.body.events);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }
}

/** Waits until `check` holds, polling; fails naming `what` after 10 s. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
