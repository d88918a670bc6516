// One instance of a minimal Nest microservice answering `orders.bench.echo.v1`, on the project's
// Redis Streams transport or on Nest's built-in Redis transporter. Counts what it handles in Redis.
require('reflect-metadata');
const { Controller, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { MessagePattern, Transport } = require('@nestjs/microservices');
const { RedisStreamsServer } = require('@tawsil/nest-common');
const { Redis } = require('ioredis');

const [transport, instance, redisUrl] = process.argv.slice(2);
const PATTERN = 'orders.bench.echo.v1';
const counter = new Redis(redisUrl);

class EchoController {
  async echo(payload) {
    if (payload.count) await counter.incr(`bench:handled:${transport}`);
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
          options: { host: url.hostname, port: Number(url.port), db: Number(url.pathname.slice(1) || 0) },
        };
  const app = await NestFactory.createMicroservice(EchoModule, { ...options, logger: ['error'] });
  app.enableShutdownHooks();
  await app.listen();
  process.stdout.write('ready\n');
}

void main();
