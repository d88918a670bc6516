import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DeliveryZrPatterns, type LabelsRequestDto } from '@tawsil/contracts/delivery-zr';
import type { RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { PrintLabelsUseCase } from './use-cases/print-labels.use-case';

@Controller()
export class LabelsController {
  constructor(private readonly printLabels: PrintLabelsUseCase) {}

  @RpcHandler(DeliveryZrPatterns.labels)
  print(@Payload() request: RpcRequest<LabelsRequestDto>) {
    return this.printLabels.execute(request.actor, request.data);
  }
}
