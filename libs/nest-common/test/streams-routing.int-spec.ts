import { Logger } from '@nestjs/common';
import { createTestRedis, generateRpcKeys, type TestRedis } from '@tawsil/testing';
import { Redis } from 'ioredis';
import { firstValueFrom, timeout } from 'rxjs';
import { EnvelopeSigner, EnvelopeVerifier } from '../src/rpc/envelope-signature';
import { RedisStreamsClient } from '../src/rpc/streams.client';
import { fieldsToEntry, requestStreamKey } from '../src/rpc/streams.protocol';
import { RedisStreamsServer } from '../src/rpc/streams.server';

describe('RPC routing: a request goes to the stream of the service its pattern declares', () => {
  let redis: TestRedis;
  let reader: Redis;
  let client: RedisStreamsClient;

  beforeAll(async () => {
    redis = await createTestRedis();
    reader = new Redis(redis.url);
    client = new RedisStreamsClient({ redisUrl: redis.url, owner: 'gateway', timeoutMs: 1_000 });
    await client.connect();
  });
  afterAll(async () => {
    await client?.close();
    reader?.disconnect();
    await redis?.release();
  });

  const entriesOf = async (stream: string) =>
    (await reader.xrange(stream, '-', '+')).map(([, fields]) => fieldsToEntry(fields));

  it('appends the request to the declared service’s stream, whatever the command’s text says', async () => {
    // Nothing answers: the call times out, but the entry shows where it went.
    const call = client.request('delivery-zr', 'orders.misnamed.v1', { n: 1 }).pipe(timeout(300));
    await expect(firstValueFrom(call)).rejects.toThrow('Timeout has occurred');
    const delivered = await entriesOf(requestStreamKey('delivery-zr'));
    expect(delivered.map((entry) => [entry.pattern, entry.data])).toEqual([
      ['orders.misnamed.v1', '{"n":1}'],
    ]);
    expect(await entriesOf(requestStreamKey('orders'))).toEqual([]);
  });

  it('refuses a request sent without its service', async () => {
    await expect(firstValueFrom(client.send('orders.order.get.v1', { n: 1 }))).rejects.toThrow(
      'Send requests with request(service, cmd, data)',
    );
    expect(await entriesOf(requestStreamKey('orders'))).toEqual([]);
  });
});

describe('RPC routing: each request reaches the handler of its pattern', () => {
  let redis: TestRedis;
  let client: RedisStreamsClient;
  let server: RedisStreamsServer;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    redis = await createTestRedis();
    const keys = generateRpcKeys();
    server = new RedisStreamsServer({
      redisUrl: redis.url,
      service: 'orders',
      instance: 'orders-routing-test',
      verifier: new EnvelopeVerifier(keys.publicKeys),
    });
    for (const pattern of ['orders.first.v1', 'orders.second.v1'])
      server.addHandler(pattern, async (envelope: { data: { n: number } }) => ({
        pattern,
        n: envelope.data.n,
      }));
    await new Promise<void>((resolve) => server.listen(resolve));
    client = new RedisStreamsClient({
      redisUrl: redis.url,
      owner: 'gateway',
      timeoutMs: 5_000,
      signer: new EnvelopeSigner('gateway', keys.signing.gateway),
    });
    await client.connect();
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
    await redis?.release();
  });

  const call = (pattern: string, n: number) =>
    firstValueFrom(client.request('orders', pattern, { actor: { type: 'owner', id: 'o-1' }, data: { n } }));

  it('answers every call of a pattern from its own handler, the first and those after it', async () => {
    const answers = [];
    for (const n of [1, 2, 3])
      answers.push(await call('orders.first.v1', n), await call('orders.second.v1', n));
    expect(answers).toEqual(
      [1, 2, 3].flatMap((n) => [
        { pattern: 'orders.first.v1', n },
        { pattern: 'orders.second.v1', n },
      ]),
    );
  });

  it('answers 404 for a pattern no handler serves, every time', async () => {
    for (let i = 0; i < 2; i++)
      await expect(call('orders.unknown.v1', i)).rejects.toEqual({
        status: 404,
        message: 'No handler for orders.unknown.v1',
      });
    expect(await call('orders.first.v1', 4)).toEqual({ pattern: 'orders.first.v1', n: 4 });
  });
});
