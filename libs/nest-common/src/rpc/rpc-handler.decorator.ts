import { MessagePattern } from '@nestjs/microservices';
import type { RpcPattern } from '@tawsil/contracts/rpc';

/** Marks a controller method as the handler of a contracts pattern. */
export const RpcHandler = (pattern: RpcPattern<unknown, unknown>): MethodDecorator =>
  MessagePattern(pattern.cmd);
