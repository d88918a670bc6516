import { createTestRedis, type TestRedis } from '@tawsil/testing';
import { Redis } from 'ioredis';
import { firstValueFrom, timeout } from 'rxjs';
import { RedisStreamsClient } from '../src/rpc/streams.client';
import { fieldsToEntry, requestStreamKey } from '../src/rpc/streams.protocol';

describe('RPC routing: a request goes to the stream of the service its pattern declares', () => {
  let redis: TestRedis;
  let reader: Redis;
  let client: RedisStreamsClient;

  beforeAll(async () => {
    redis = await createTestRedis();
    reader = new Redis(redis.url);
    client = new RedisStreamsClient({ redisUrl: redis.url, timeoutMs: 1_000 });
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
