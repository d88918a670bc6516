import { Global, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { RpcSigner, ServiceName } from '@tawsil/contracts/rpc';
import { EnvelopeSigner } from './envelope-signature';
import { AnswerOpener } from './sealed-answers';
import { FieldSealer } from './sealed-fields';
import { RpcCaller } from './rpc-caller';
import { RedisStreamsClient } from './streams.client';

interface RpcClientOptions {
  redisUrl: string;
  timeoutMs: number;
  /** Who this process signs as, and its RPC_SIGNING_KEY. */
  signer: RpcSigner;
  signingKey: string;
  /** The gateway's keys to seal secret fields for each receiving service. */
  sealKeys?: Partial<Record<ServiceName, string>>;
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
            new RedisStreamsClient({
              redisUrl: options.redisUrl,
              timeoutMs: options.timeoutMs,
              owner: options.signer,
              signer: new EnvelopeSigner(options.signer, options.signingKey),
            }),
        },
        {
          provide: RpcCaller,
          useFactory: (client: RedisStreamsClient) =>
            new RpcCaller(
              client,
              options.timeoutMs,
              new FieldSealer(options.sealKeys ?? {}),
              new AnswerOpener(options.signingKey),
            ),
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
