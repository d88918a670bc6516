import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  DeliveryZrPatterns,
  type YalidineWebhookDelivery,
  type ZrWebhookDelivery,
} from '@tawsil/contracts/delivery-zr';
import type { PublicRpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { ReceiveYalidineWebhookUseCase } from './use-cases/receive-yalidine-webhook.use-case';
import { ReceiveZrWebhookUseCase } from './use-cases/receive-zr-webhook.use-case';

@Controller()
export class WebhooksController {
  constructor(
    private readonly receiveWebhook: ReceiveZrWebhookUseCase,
    private readonly receiveYalidine: ReceiveYalidineWebhookUseCase,
  ) {}

  @RpcHandler(DeliveryZrPatterns.receiveWebhook)
  receive(@Payload() request: PublicRpcRequest<ZrWebhookDelivery>) {
    return this.receiveWebhook.execute(request.data);
  }

  @RpcHandler(DeliveryZrPatterns.yalidineWebhookHandshake)
  yalidineHandshake(@Payload() request: PublicRpcRequest<{ accountId: string }>) {
    return this.receiveYalidine.handshake(request.data.accountId);
  }

  @RpcHandler(DeliveryZrPatterns.receiveYalidineWebhook)
  receiveYalidineBatch(@Payload() request: PublicRpcRequest<YalidineWebhookDelivery>) {
    return this.receiveYalidine.execute(request.data);
  }
}
