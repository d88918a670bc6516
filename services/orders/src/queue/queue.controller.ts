import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { QueuePatterns, type ClaimOrderDto, type QueueQuery } from '@tawsil/contracts/orders';
import type { RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { ClaimOrderUseCase } from './use-cases/claim-order.use-case';
import { GetQueueUseCase } from './use-cases/get-queue.use-case';
import { ReleaseClaimUseCase } from './use-cases/release-claim.use-case';
import { TakeNextOrderUseCase } from './use-cases/take-next-order.use-case';

@Controller()
export class QueueController {
  constructor(
    private readonly getQueue: GetQueueUseCase,
    private readonly takeNext: TakeNextOrderUseCase,
    private readonly claimOrder: ClaimOrderUseCase,
    private readonly releaseClaim: ReleaseClaimUseCase,
  ) {}

  @RpcHandler(QueuePatterns.queue)
  queue(@Payload() request: RpcRequest<QueueQuery>) {
    return this.getQueue.execute(request.actor, request.data);
  }

  @RpcHandler(QueuePatterns.next)
  next(@Payload() request: RpcRequest<QueueQuery>) {
    return this.takeNext.execute(request.actor, request.data);
  }

  @RpcHandler(QueuePatterns.claim)
  claim(@Payload() request: RpcRequest<ClaimOrderDto & { orderId: string }>) {
    return this.claimOrder.execute(request.actor, request.data);
  }

  @RpcHandler(QueuePatterns.release)
  release(@Payload() request: RpcRequest<{ orderId: string }>) {
    return this.releaseClaim.execute(request.actor, request.data);
  }
}
