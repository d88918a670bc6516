import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DeliveryZrPatterns } from '@tawsil/contracts/delivery-zr';
import type { OrderIdsDto } from '@tawsil/contracts/orders';
import type { RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { GetSaisieStatusUseCase } from './use-cases/get-saisie-status.use-case';
import { StartSaisieUseCase } from './use-cases/start-saisie.use-case';

@Controller()
export class SaisieController {
  constructor(
    private readonly startSaisie: StartSaisieUseCase,
    private readonly getSaisieStatus: GetSaisieStatusUseCase,
  ) {}

  @RpcHandler(DeliveryZrPatterns.startSaisie)
  start(@Payload() request: RpcRequest<OrderIdsDto>) {
    return this.startSaisie.execute(request.actor, request.data);
  }

  @RpcHandler(DeliveryZrPatterns.saisieStatus)
  status(@Payload() request: RpcRequest<{ jobId: string }>) {
    return this.getSaisieStatus.execute(request.actor, request.data);
  }
}
