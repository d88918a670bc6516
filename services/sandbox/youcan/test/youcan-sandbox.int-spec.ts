import { recognizeWilaya } from '@tawsil/geo-dz';
import { waitFor } from '@tawsil/testing';
import type { FastifyInstance } from 'fastify';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSandbox } from '../src/app';

const CLIENT = { clientId: 'test-client', clientSecret: 'test-secret' };
const REDIRECT = 'http://127.0.0.1:9/callback';

describe('YouCan sandbox over HTTP', () => {
  let sandbox: FastifyInstance;
  let base: string;
  let receiver: Server;
  let receiverUrl: string;
  const deliveries: { body: string; signature: string }[] = [];

  beforeAll(async () => {
    sandbox = buildSandbox(CLIENT);
    await sandbox.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        deliveries.push({ body, signature: String(request.headers['x-youcan-signature']) });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  });
  afterAll(async () => {
    await sandbox?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  /** Goes through the consent page as a seller would, and exchanges the code for tokens. */
  async function connect(storename: string) {
    const consent = await fetch(
      `${base}/admin/oauth/authorize?client_id=${CLIENT.clientId}&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&state=s-123&storename=${storename}`,
    );
    expect(consent.status).toBe(200);
    expect(await consent.text()).toContain('Authorize');
    const form = new URLSearchParams({
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      state: 's-123',
      storename,
      decision: 'authorize',
    });
    const authorized = await fetch(`${base}/admin/oauth/authorize`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(authorized.status).toBe(302);
    const callback = new URL(authorized.headers.get('location')!);
    expect(callback.origin + callback.pathname).toBe(REDIRECT);
    expect(callback.searchParams.get('state')).toBe('s-123');
    const tokens = await token({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: REDIRECT,
    });
    expect(tokens.status).toBe(200);
    return tokens.body as {
      access_token: string;
      refresh_token: string;
      expires_in: number;
      token_type: string;
    };
  }

  async function token(fields: Record<string, string>, client = CLIENT) {
    const response = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: client.clientId,
        client_secret: client.clientSecret,
        ...fields,
      }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const get = (path: string, accessToken: string) =>
    fetch(`${base}${path}`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });

  it('runs the OAuth flow and names the store after the storename given at authorize', async () => {
    const tokens = await connect('boutique-amina');
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number) });
    const me = await get('/me', tokens.access_token);
    expect(await me.json()).toMatchObject({ slug: 'boutique-amina', currency: { code: 'DZD' } });
  });

  it('refuses a code used twice, a wrong client secret, and a cancelled consent', async () => {
    const form = new URLSearchParams({
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      storename: 'x',
      decision: 'authorize',
    });
    const code = new URL(
      (
        await fetch(`${base}/admin/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' })
      ).headers.get('location')!,
    ).searchParams.get('code')!;
    expect(
      (
        await token(
          { grant_type: 'authorization_code', code, redirect_uri: REDIRECT },
          { ...CLIENT, clientSecret: 'wrong' },
        )
      ).status,
    ).toBe(401);
    expect((await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT })).status).toBe(
      200,
    );
    expect((await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT })).status).toBe(
      400,
    );

    form.set('decision', 'cancel');
    const cancelled = await fetch(`${base}/admin/oauth/authorize`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(new URL(cancelled.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
  });

  it('enforces PKCE S256 when authorize carried a challenge: a missing or wrong verifier is invalid_grant', async () => {
    const verifier = randomBytes(48).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const consent = await fetch(
      `${base}/admin/oauth/authorize?client_id=${CLIENT.clientId}&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&code_challenge=${challenge}&code_challenge_method=S256`,
    );
    expect(await consent.text()).toContain(`name="code_challenge" value="${challenge}"`);
    const plain = await fetch(
      `${base}/admin/oauth/authorize?client_id=${CLIENT.clientId}&redirect_uri=${encodeURIComponent(REDIRECT)}&code_challenge=${challenge}&code_challenge_method=plain`,
    );
    expect(plain.status).toBe(400);

    const codeFor = async () => {
      const form = new URLSearchParams({
        client_id: CLIENT.clientId,
        redirect_uri: REDIRECT,
        storename: 'boutique-pkce',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        decision: 'authorize',
      });
      const authorized = await fetch(`${base}/admin/oauth/authorize`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
      });
      return new URL(authorized.headers.get('location')!).searchParams.get('code')!;
    };
    const exchange = (code: string, extra: Record<string, string> = {}) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...extra });

    const missing = await exchange(await codeFor());
    expect(missing).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const wrong = await exchange(await codeFor(), { code_verifier: randomBytes(48).toString('base64url') });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const right = await exchange(await codeFor(), { code_verifier: verifier });
    expect(right.status).toBe(200);
  });

  it('answers an expired token 401 "Unauthenticated", and a refresh gives a working one', async () => {
    const tokens = await connect('boutique-refresh');
    await fetch(`${base}/_sandbox/tokens/expire`, { method: 'POST' });
    const refused = await get('/orders', tokens.access_token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ status: 401, detail: 'Unauthenticated', meta: [] });
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect((await get('/orders', refreshed.body.access_token as string)).status).toBe(200);
  });

  it('creates realistic Algerian orders, lists them page by page and delivers signed webhooks', async () => {
    const tokens = await connect('boutique-orders');
    const subscribed = await fetch(`${base}/resthooks/subscribe`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ target_url: receiverUrl, event: 'order.create' }),
    });
    expect(subscribed.status).toBe(200);

    deliveries.splice(0);
    const created = await fetch(`${base}/_sandbox/stores/boutique-orders/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 25 }),
    });
    const { created: orders } = (await created.json()) as {
      created: {
        id: string;
        customer: { phone: string };
        shipping: { address: { region: string; city: string }[] };
        total: number;
        currency: string;
      }[];
    };
    expect(orders).toHaveLength(25);
    for (const order of orders) {
      expect(order.customer.phone).toMatch(/^0[567]\d{8}$/);
      expect(recognizeWilaya(order.shipping.address[0].region)).toBeDefined();
      expect(order.total).toBeGreaterThan(0);
      expect(order.currency).toBe('DZD');
    }

    expect(deliveries).toHaveLength(25);
    for (const delivery of deliveries) {
      const expected = createHmac('sha256', CLIENT.clientSecret).update(delivery.body).digest();
      expect(timingSafeEqual(Buffer.from(delivery.signature, 'hex'), expected)).toBe(true);
    }

    const seen: string[] = [];
    let next: string | undefined = '/orders?limit=10&include=customer,variants,shipping';
    while (next) {
      const page = (await (await get(next.replace(base, ''), tokens.access_token)).json()) as {
        data: { id: string }[];
        meta: { pagination: { total: number; links: { next?: string } } };
      };
      expect(page.meta.pagination.total).toBe(25);
      seen.push(...page.data.map((order) => order.id));
      next = page.meta.pagination.links.next;
    }
    expect(new Set(seen)).toEqual(new Set(orders.map((order) => order.id)));
  });

  it('answers 429 with Retry-After past the configured rate limit', async () => {
    const tokens = await connect('boutique-busy');
    await fetch(`${base}/_sandbox/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rateLimitPerMinute: 2 }),
    });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await get('/orders', tokens.access_token));
      const last = answers[answers.length - 1];
      expect(last.status).toBe(429);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await fetch(`${base}/_sandbox/settings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rateLimitPerMinute: 0 }),
      });
    }
  });

  it('holds the order pages after the number asked for, until released', async () => {
    const tokens = await connect('boutique-held');
    const control = (path: string, body?: unknown) =>
      fetch(`${base}/_sandbox/orders/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((response) => response.json() as Promise<Record<string, unknown>>);

    expect(await control('hold', { after: 1 })).toEqual({ holding: true, waiting: 0 });
    expect((await get('/orders', tokens.access_token)).status).toBe(200);
    let answered = false;
    const held = get('/orders', tokens.access_token).then((response) => {
      answered = true;
      return response;
    });
    await waitFor(
      'the second page held',
      () => control('hold'),
      (held) => held.waiting === 1,
      5_000,
    );
    expect(answered).toBe(false);
    expect(await control('release', {})).toEqual({ released: 1 });
    expect((await held).status).toBe(200);
    expect(await control('hold')).toEqual({ holding: false, waiting: 0 });
  });

  it('refuses bad control input with a message', async () => {
    const bad = await fetch(`${base}/_sandbox/stores/x/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: -3 }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'count must be a whole number from 1 to 10000' });
    const badHold = await fetch(`${base}/_sandbox/orders/hold`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ after: 1.5 }),
    });
    expect(badHold.status).toBe(400);
    expect(await badHold.json()).toEqual({ message: 'after must be a whole number of pages from 0' });
  });
});
