import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { freePort } from './free-port';

export interface OpenRedis {
  port: number;
  stop(): Promise<void>;
}

/** A redis-server as a package installs it, whose default user lets anyone in: what checks must refuse. */
export async function startOpenRedis(): Promise<OpenRedis> {
  const port = await freePort();
  const server = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  const probe = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    for (
      let tries = 0;
      !(await probe.connect().then(
        () => true,
        () => false,
      ));
      tries++
    ) {
      if (tries > 50) throw new Error(`redis-server did not start on port ${port}`);
      await sleep(100);
    }
  } finally {
    probe.disconnect();
  }
  return {
    port,
    stop: async () => {
      server.kill();
      if (server.exitCode === null) await once(server, 'exit');
    },
  };
}
