import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DeliveryZrPatterns, type ZrWebhookDelivery } from '@tawsil/contracts/delivery-zr';
import type { PublicRpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { ReceiveZrWebhookUseCase } from './use-cases/receive-zr-webhook.use-case';

@Controller()
export class WebhooksController {
  constructor(private readonly receiveWebhook: ReceiveZrWebhookUseCase) {}

  @RpcHandler(DeliveryZrPatterns.receiveWebhook)
  receive(@Payload() request: PublicRpcRequest<ZrWebhookDelivery>) {
    return this.receiveWebhook.execute(request.data);
  }
}
