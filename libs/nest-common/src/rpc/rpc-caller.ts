import { Injectable, Logger } from '@nestjs/common';
import { isRpcErrorPayload } from '@tawsil/contracts/http';
import type { Actor, PublicRpcPattern, PublicRpcRequest, RpcPattern } from '@tawsil/contracts/rpc';
import { createHash } from 'node:crypto';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { ServiceError } from '../errors/service-error';
import { currentDeadline, currentIdempotencyKey } from '../logging/request-context';
import { observeRpcCall } from '../metrics/rpc.metrics';
import type { AnswerOpener } from './sealed-answers';
import type { FieldSealer } from './sealed-fields';
import { RedisStreamsClient } from './streams.client';

/**
 * The one way to call another service: typed by the pattern, bounded by the timeout (and, inside
 * a handler, by what is left of the request it serves), secret fields sealed, and failing with a
 * ServiceError carrying the status the caller should answer with.
 */
@Injectable()
export class RpcCaller {
  private readonly logger = new Logger('RpcCaller');

  constructor(
    private readonly client: RedisStreamsClient,
    private readonly timeoutMs: number,
    /** Seals the secret fields of requests (SEALED_FIELDS) for the service that receives them. */
    private readonly sealer: FieldSealer,
    /** Opens the answer fields sealed for this process (SEALED_ANSWER_FIELDS). */
    private readonly answers: AnswerOpener,
  ) {}

  /** A public pattern may be called without an actor; every other one needs the caller. */
  call<Req, Res>(pattern: PublicRpcPattern<Req, Res>, data: Req, actor?: Actor): Promise<Res>;
  call<Req, Res>(pattern: RpcPattern<Req, Res>, data: Req, actor: Actor): Promise<Res>;
  async call<Req, Res>(pattern: RpcPattern<Req, Res>, data: Req, actor?: Actor): Promise<Res> {
    const started = performance.now();
    const deadline = currentDeadline();
    const waitMs = Math.min(this.timeoutMs, deadline === undefined ? Infinity : deadline - Date.now());
    if (waitMs <= 0) {
      observeRpcCall(pattern.cmd, new TimeoutError(), started);
      throw this.toServiceError(pattern, new TimeoutError());
    }
    const request: PublicRpcRequest<Req> = {
      actor,
      data: this.sealer.seal(pattern.service, pattern.cmd, data),
      idempotencyKey: idempotencyKeyFor(pattern.cmd, data),
    };
    try {
      const answer = await firstValueFrom(
        this.client.request<Res>(pattern.service, pattern.cmd, request).pipe(timeout(waitMs)),
      );
      const opened = this.answers.open(pattern.cmd, answer);
      observeRpcCall(pattern.cmd, undefined, started);
      return opened;
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
      return new ServiceError(error.status, error.message, { code: error.code, params: error.params });
    }
    this.logger.warn(`${pattern.cmd} failed: ${String(error)}`);
    return ServiceError.unavailable(`The ${pattern.service} service is unavailable, try again shortly`);
  }
}

/**
 * The gateway's calls carry the HTTP request's key. A call made while handling a request gets a
 * key derived from that request's, the pattern and the data: the same on every repeat of the
 * request, different for each distinct call it makes.
 */
export function idempotencyKeyFor(cmd: string, data: unknown): string | undefined {
  const parent = currentIdempotencyKey();
  if (parent === undefined || currentDeadline() === undefined) return parent;
  const digest = createHash('sha256')
    .update(`${parent}\n${cmd}\n${JSON.stringify(data ?? null)}`)
    .digest('base64url');
  return `nested:${digest}`;
}
