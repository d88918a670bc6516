import { MessagePattern } from '@nestjs/microservices';
import type { PublicRpcPattern, PublicRpcRequest, RpcPattern, RpcRequest } from '@tawsil/contracts/rpc';

/** The shape a handler of a pattern must have: its request envelope in, its response (or a promise of it) out. */
export type RpcHandlerMethod<Req, Res> = (request: RpcRequest<Req>) => Res | Promise<Res>;
export type PublicRpcHandlerMethod<Req, Res> = (request: PublicRpcRequest<Req>) => Res | Promise<Res>;

type HandlerDecorator<Handler> = <Method extends Handler>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<Method>,
) => void;

/** What the transport reads from a handler (Nest's pattern extras) before running it. */
export interface RpcHandlerExtras {
  public?: boolean;
}

/**
 * Marks a controller method as the handler of a contracts pattern. The method is checked against the
 * pattern's types: a payload that is not `RpcRequest<Req>` (`PublicRpcRequest<Req>` for a public
 * pattern, whose actor may be absent) or a return that is not `Res | Promise<Res>` does not compile.
 */
export function RpcHandler<Req, Res>(
  pattern: PublicRpcPattern<Req, Res>,
): HandlerDecorator<PublicRpcHandlerMethod<Req, Res>>;
export function RpcHandler<Req, Res>(
  pattern: RpcPattern<Req, Res>,
): HandlerDecorator<RpcHandlerMethod<Req, Res>>;
export function RpcHandler<Req, Res>(
  pattern: RpcPattern<Req, Res>,
): HandlerDecorator<RpcHandlerMethod<Req, Res>> {
  const extras: RpcHandlerExtras = { public: pattern.public === true };
  return (target, key, descriptor) => {
    MessagePattern(pattern.cmd, extras)(target, key, descriptor);
  };
}
