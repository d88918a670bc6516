import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DeliveryZrPatterns, type DeliveryChoiceCheck } from '@tawsil/contracts/delivery-zr';
import type { RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { CheckDeliveryChoiceUseCase } from './use-cases/check-delivery-choice.use-case';
import { GetDesksUseCase } from './use-cases/get-desks.use-case';
import { GetTariffsUseCase } from './use-cases/get-tariffs.use-case';

@Controller()
export class TariffsController {
  constructor(
    private readonly getTariffs: GetTariffsUseCase,
    private readonly getDesks: GetDesksUseCase,
    private readonly checkDeliveryChoice: CheckDeliveryChoiceUseCase,
  ) {}

  @RpcHandler(DeliveryZrPatterns.tariffs)
  list(@Payload() request: RpcRequest<{ accountId: string }>) {
    return this.getTariffs.execute(request.actor, request.data);
  }

  @RpcHandler(DeliveryZrPatterns.desks)
  listDesks(@Payload() request: RpcRequest<{ accountId: string }>) {
    return this.getDesks.execute(request.actor, request.data);
  }

  @RpcHandler(DeliveryZrPatterns.checkDeliveryChoice)
  checkChoice(@Payload() request: RpcRequest<DeliveryChoiceCheck>) {
    return this.checkDeliveryChoice.execute(request.data);
  }

  /** The previous release's orders asks v1 and keeps the desk it sent: answer the account alone. */
  @RpcHandler(DeliveryZrPatterns.checkDeliveryChoiceV1)
  async checkChoiceV1(@Payload() request: RpcRequest<DeliveryChoiceCheck>) {
    return (await this.checkDeliveryChoice.execute(request.data)).deliveryAccount;
  }
}
