import { Global, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { RpcCaller } from './rpc-caller';
import { RedisStreamsClient } from './streams.client';

interface RpcClientOptions {
  redisUrl: string;
  timeoutMs: number;
}

/** Gives a module the RpcCaller, connected to the Redis Streams transport. */
@Global()
@Module({})
export class RpcClientModule implements OnApplicationShutdown {
  constructor(private readonly moduleRef: ModuleRef) {}

  static forRoot(options: RpcClientOptions): DynamicModule {
    return {
      module: RpcClientModule,
      providers: [
        {
          provide: RedisStreamsClient,
          useFactory: () =>
            new RedisStreamsClient({ redisUrl: options.redisUrl, timeoutMs: options.timeoutMs }),
        },
        {
          provide: RpcCaller,
          useFactory: (client: RedisStreamsClient) => new RpcCaller(client, options.timeoutMs),
          inject: [RedisStreamsClient],
        },
      ],
      exports: [RpcCaller, RedisStreamsClient],
      global: true,
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.moduleRef.get(RedisStreamsClient).close();
  }
}
