import { MessagePattern } from '@nestjs/microservices';
import type { RpcPattern, RpcRequest } from '@tawsil/contracts/rpc';

/** The shape a handler of a pattern must have: its request envelope in, its response (or a promise of it) out. */
export type RpcHandlerMethod<Req, Res> = (request: RpcRequest<Req>) => Res | Promise<Res>;

/**
 * Marks a controller method as the handler of a contracts pattern. The method is checked against the
 * pattern's types: a payload that is not `RpcRequest<Req>` or a return that is not `Res | Promise<Res>`
 * does not compile.
 */
export const RpcHandler =
  <Req, Res>(pattern: RpcPattern<Req, Res>) =>
  <Method extends RpcHandlerMethod<Req, Res>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<Method>,
  ): void => {
    MessagePattern(pattern.cmd)(target, key, descriptor);
  };
