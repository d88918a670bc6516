// One instance of a minimal Nest microservice answering `orders.bench.echo.v1` with its payload, on
// the project's Redis Streams transport or on Nest's built-in Redis transporter. Started by run.cjs
// with an IPC channel: it says `ready` on it, and exits as soon as run.cjs goes away, whatever the
// reason, so no instance outlives the benchmark. A request whose payload has `count: true` is
// counted in Redis under the instance's name (the latency requests are not, so they pay nothing).
require('reflect-metadata');
const { Controller, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { MessagePattern, Transport } = require('@nestjs/microservices');
const { RedisStreamsServer } = require('@tawsil/nest-common');
const { Redis } = require('ioredis');

const [transport, instance, redisUrl] = process.argv.slice(2);
const PATTERN = 'orders.bench.echo.v1';

process.on('disconnect', () => process.exit(0));

const counter = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
counter.on('error', () => undefined);

class EchoController {
  async echo(payload) {
    if (payload?.count) await counter.hincrby(`bench:handled:${transport}`, instance, 1);
    return payload;
  }
}
Controller()(EchoController);
MessagePattern(PATTERN)(
  EchoController.prototype,
  'echo',
  Object.getOwnPropertyDescriptor(EchoController.prototype, 'echo'),
);
class EchoModule {}
Module({ controllers: [EchoController] })(EchoModule);

async function main() {
  const url = new URL(redisUrl);
  const options =
    transport === 'streams'
      ? { strategy: new RedisStreamsServer({ redisUrl, service: 'orders', instance }) }
      : {
          transport: Transport.REDIS,
          options: {
            host: url.hostname,
            port: Number(url.port || 6379),
            db: Number(url.pathname.slice(1) || 0),
          },
        };
  const app = await NestFactory.createMicroservice(EchoModule, { ...options, logger: ['error', 'warn'] });
  app.enableShutdownHooks();
  await app.listen();
  process.send?.('ready');
}

main().catch((error) => {
  console.error(`echo-server ${transport} ${instance}:`, error);
  process.exit(1);
});
