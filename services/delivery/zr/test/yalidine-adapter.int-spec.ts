import { Logger, type LoggerService } from '@nestjs/common';
import { OrderStatus } from '@tawsil/contracts/orders';
import { createTestRedis, freePort, ServiceProcess, type TestRedis } from '@tawsil/testing';
import { Redis } from 'ioredis';
import type { CarrierCredentials, ParcelRequest } from '../src/carrier/carrier';
import { yalidineCarrier } from '../src/carrier/yalidine/yalidine.factory';
import type { YalidineRedis } from '../src/carrier/yalidine/yalidine-redis';
import { orderStatusForYalidine } from '../src/carrier/yalidine/yalidine-statuses';
import type { DeliveryZrConfig } from '../src/config/delivery-zr.config';

/**
 * The Yalidine adapter against the Yalidine sandbox and a real Redis: what it sends, what it reads,
 * and its quotas shared by several senders (each its own connection, as separate workers are).
 */
describe('Yalidine adapter', () => {
  let sandbox: ServiceProcess;
  let redis: TestRedis;
  const connections: Redis[] = [];
  let credentials: CarrierCredentials;
  const warnings: string[] = [];

  const sandboxCall = async (method: string, path: string, body?: unknown, headers = {}) => {
    const response = await fetch(`http://127.0.0.1:${sandbox.httpPort}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  /** A carrier as one worker has it: its own Redis connection, the given quotas. */
  const worker = (quotas: Partial<Record<'second' | 'minute', number>> = {}) => {
    const connection = new Redis(redis.url);
    connections.push(connection);
    const config = {
      YALIDINE_API_URL: `http://127.0.0.1:${sandbox.httpPort}/v1`,
      YALIDINE_TIMEOUT_MS: 5_000,
      YALIDINE_BATCH_SIZE: 50,
      YALIDINE_QUOTA_PER_SECOND: quotas.second ?? 5,
      YALIDINE_QUOTA_PER_MINUTE: quotas.minute ?? 50,
      YALIDINE_QUOTA_PER_HOUR: 1_000,
      YALIDINE_QUOTA_PER_DAY: 10_000,
    } as DeliveryZrConfig;
    return yalidineCarrier(config, { client: connection } as unknown as YalidineRedis);
  };
  const parcel = (tracking: string, change: Partial<ParcelRequest> = {}): ParcelRequest => ({
    tracking,
    orderId: tracking,
    recipient: 'Amina Ben Ali',
    phone: '0550123456',
    wilaya: 16,
    isStopDesk: false,
    place: 'Bab Ezzouar',
    address: 'Cité 5 juillet',
    total: 2500,
    product: 'Robe',
    source: 'Boutique Amina',
    ...change,
  });

  beforeAll(async () => {
    const logger: LoggerService = {
      log: () => undefined,
      error: () => undefined,
      warn: (...args: unknown[]) => warnings.push(args.map(String).join(' ')),
    };
    Logger.overrideLogger(logger);
    const port = await freePort();
    sandbox = new ServiceProcess('sandbox-yalidine', { SANDBOX_YALIDINE_PORT: String(port) }, port);
    await sandbox.start();
    redis = await createTestRedis();
    const { body } = await sandboxCall('GET', '/_sandbox/credentials');
    credentials = { apiKey: String(body.apiId), apiSecret: String(body.apiToken), fromWilaya: 16 };
  });
  beforeEach(async () => {
    warnings.length = 0;
    await sandboxCall('POST', '/_sandbox/quotas/reset');
    // Every test starts with no call counted, as a new account would.
    const cleaner = new Redis(redis.url);
    await cleaner.flushdb();
    cleaner.disconnect();
  });
  afterAll(async () => {
    for (const connection of connections) connection.disconnect();
    await sandbox?.stop();
    await redis?.release();
  });

  it('checks an API id and token with Yalidine', async () => {
    const carrier = worker();
    expect(await carrier.checkCredentials(credentials)).toBe(true);
    expect(await carrier.checkCredentials({ ...credentials, apiSecret: 'x'.repeat(64) })).toBe(false);
  });

  it('creates the valid parcels of a batch and names the fault of the others', async () => {
    const carrier = worker();
    const outcomes = await carrier.createParcels(credentials, [
      parcel('TWADAPTER0000001'),
      parcel('TWADAPTER0000002', { phone: '12' }),
      parcel('TWADAPTER0000003', { isStopDesk: true, wilaya: 15, place: 'Tizi Ouzou' }),
      parcel('TWADAPTER0000004', { place: 'Atlantis' }),
    ]);
    expect(outcomes).toEqual([
      { tracking: 'TWADAPTER0000001', result: 'created' },
      {
        tracking: 'TWADAPTER0000002',
        result: 'refused',
        reason:
          'The contact_phone parameter must start with 0 and contain 9 digits for mobile or 8 for landline',
      },
      { tracking: 'TWADAPTER0000003', result: 'created' },
      {
        tracking: 'TWADAPTER0000004',
        result: 'refused',
        reason: 'No commune "Atlantis" in Alger',
      },
    ]);
    const { body } = await sandboxCall('GET', '/_sandbox/parcels');
    const held = (body as unknown as { order_id: string; is_stopdesk: number; stopdesk_id: number }[]).filter(
      (p) => p.order_id.startsWith('TWADAPTER'),
    );
    expect(held.map((p) => p.order_id).sort()).toEqual(['TWADAPTER0000001', 'TWADAPTER0000003']);
    expect(held.find((p) => p.order_id === 'TWADAPTER0000003')).toMatchObject({ is_stopdesk: 1 });
  });

  it('reads parcels by our tracking, follows their status and prints their labels', async () => {
    const carrier = worker();
    await carrier.createParcels(credentials, [parcel('TWREAD0000000001'), parcel('TWREAD0000000002')]);
    const { body } = await sandboxCall('GET', '/_sandbox/parcels');
    const first = (body as unknown as { order_id: string; tracking: string }[]).find(
      (p) => p.order_id === 'TWREAD0000000001',
    )!;
    await sandboxCall('POST', `/_sandbox/parcels/${first.tracking}/status`, { status: 'Livré' });

    const states = await carrier.readParcels(credentials, [
      'TWREAD0000000001',
      'TWREAD0000000002',
      'TWNOWHERE0000000',
    ]);
    expect(states.map(({ tracking, state }) => ({ tracking, state }))).toEqual([
      { tracking: 'TWREAD0000000001', state: 'Livré' },
      { tracking: 'TWREAD0000000002', state: 'En préparation' },
    ]);
    expect(states.map((state) => orderStatusForYalidine(state.state))).toEqual([OrderStatus.Delivered, null]);

    const labels = await carrier.labels(credentials, ['TWREAD0000000001', 'TWREAD0000000002']);
    expect(labels.map((label) => label.tracking)).toEqual(['TWREAD0000000001', 'TWREAD0000000002']);
    for (const label of labels) expect(Buffer.from(label.pdf).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('prices every wilaya from the account’s wilaya', async () => {
    const carrier = worker({ second: 1_000, minute: 100_000 });
    await sandboxCall('POST', '/_sandbox/settings', { quotaPerSecond: 1_000, quotaPerMinute: 100_000 });
    try {
      const entries = await carrier.tariffs(credentials);
      expect(entries).toHaveLength(58);
      const alger = entries.find((entry) => entry.IDWilaya === 16)!;
      expect(Number(alger.Domicile)).toBeGreaterThan(0);
      expect(Number(alger.Stopdesk)).toBeGreaterThan(0);
      expect(Number(alger.Stopdesk)).toBeLessThan(Number(alger.Domicile));
      // The sandbox has no stop desk in In Guezzam (54).
      expect(entries.find((entry) => entry.IDWilaya === 54)?.Stopdesk).toBe('0');
    } finally {
      await sandboxCall('POST', '/_sandbox/settings', { quotaPerSecond: 5, quotaPerMinute: 50 });
    }
  });

  it('never goes over the quota, however many workers send with one account', async () => {
    // One call over the quota locks the key for ten minutes: any burst would fail the test.
    await sandboxCall('POST', '/_sandbox/settings', { offencesBeforeLock: 1, lockMs: 600_000 });
    try {
      const workers = [worker(), worker(), worker()];
      const started = Date.now();
      await Promise.all(
        workers.flatMap((carrier) =>
          Array.from({ length: 6 }, () => carrier.readParcels(credentials, ['TWQUOTA000000001'])),
        ),
      );
      // 18 calls at 5 a second cannot take less than three seconds.
      expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
      expect(warnings.filter((line) => line.includes('429'))).toEqual([]);
      expect((await sandboxCall('GET', '/v1/wilayas/?page_size=1', undefined, headers())).status).toBe(200);
    } finally {
      await sandboxCall('POST', '/_sandbox/settings', { offencesBeforeLock: 10, lockMs: 60_000 });
    }
  });

  it('holds every worker back for a 429’s Retry-After when another client used the quota', async () => {
    // Going over once locks the key for 3 s; going over again would lock it for 6 s.
    await sandboxCall('POST', '/_sandbox/settings', { offencesBeforeLock: 1, lockMs: 3_000 });
    try {
      for (let call = 0; call < 5; call++)
        await sandboxCall('GET', '/v1/wilayas/?page_size=1', undefined, headers());
      const [first, second] = [worker(), worker()];
      const started = Date.now();
      const reading = first.readParcels(credentials, ['TWQUOTA000000001']);
      await waitForWarning('429');
      await second.readParcels(credentials, ['TWQUOTA000000001']);
      await reading;
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(2_900);
      expect(elapsed).toBeLessThan(6_000);
      expect(warnings.filter((line) => line.includes('429'))).toHaveLength(1);
    } finally {
      await sandboxCall('POST', '/_sandbox/settings', { offencesBeforeLock: 10, lockMs: 60_000 });
    }
  });

  const headers = () => ({ 'x-api-id': credentials.apiKey, 'x-api-token': credentials.apiSecret! });
  const waitForWarning = async (text: string) => {
    const deadline = Date.now() + 10_000;
    while (!warnings.some((line) => line.includes(text))) {
      if (Date.now() > deadline) throw new Error(`no warning with ${text}: ${warnings.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
});
