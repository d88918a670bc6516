import { Injectable, Logger } from '@nestjs/common';
import { isRpcErrorPayload } from '@tawsil/contracts/http';
import type { Actor, RpcPattern, RpcRequest } from '@tawsil/contracts/rpc';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { ServiceError } from '../errors/service-error';
import { currentIdempotencyKey } from '../logging/request-context';
import { observeRpcCall } from '../metrics/rpc.metrics';
import { RedisStreamsClient } from './streams.client';

/**
 * The one way to call another service: typed by the pattern, bounded by the timeout, and failing
 * with a ServiceError carrying the status the caller should answer with.
 */
@Injectable()
export class RpcCaller {
  private readonly logger = new Logger('RpcCaller');

  constructor(
    private readonly client: RedisStreamsClient,
    private readonly timeoutMs: number,
  ) {}

  async call<Req, Res>(pattern: RpcPattern<Req, Res>, data: Req, actor?: Actor): Promise<Res> {
    const request: RpcRequest<Req> = { actor, data, idempotencyKey: currentIdempotencyKey() };
    const started = performance.now();
    try {
      const answer = await firstValueFrom(
        this.client.send<Res>(pattern.cmd, request).pipe(timeout(this.timeoutMs)),
      );
      observeRpcCall(pattern.cmd, undefined, started);
      return answer;
    } catch (error) {
      observeRpcCall(pattern.cmd, error, started);
      throw this.toServiceError(pattern, error);
    }
  }

  private toServiceError(pattern: RpcPattern<unknown, unknown>, error: unknown): Error {
    if (error instanceof TimeoutError) {
      return ServiceError.unavailable(`The ${pattern.service} service is unavailable, try again shortly`);
    }
    if (isRpcErrorPayload(error)) {
      if (error.status === 500) return new Error(`${pattern.cmd} failed: ${error.message}`);
      return new ServiceError(error.status, error.message);
    }
    this.logger.warn(`${pattern.cmd} failed: ${String(error)}`);
    return ServiceError.unavailable(`The ${pattern.service} service is unavailable, try again shortly`);
  }
}
