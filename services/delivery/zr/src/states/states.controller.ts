import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DeliveryZrPatterns, type SetAccountStatesDto } from '@tawsil/contracts/delivery-zr';
import type { RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { GetAccountStatesUseCase } from './use-cases/get-account-states.use-case';
import { ResetAccountStatesUseCase } from './use-cases/reset-account-states.use-case';
import { SetAccountStatesUseCase } from './use-cases/set-account-states.use-case';

@Controller()
export class StatesController {
  constructor(
    private readonly getStates: GetAccountStatesUseCase,
    private readonly setStates: SetAccountStatesUseCase,
    private readonly resetStates: ResetAccountStatesUseCase,
  ) {}

  @RpcHandler(DeliveryZrPatterns.accountStates)
  get(@Payload() request: RpcRequest<{ accountId: string }>) {
    return this.getStates.execute(request.actor, request.data);
  }

  @RpcHandler(DeliveryZrPatterns.setAccountStates)
  set(@Payload() request: RpcRequest<SetAccountStatesDto & { accountId: string }>) {
    return this.setStates.execute(request.actor, request.data);
  }

  @RpcHandler(DeliveryZrPatterns.resetAccountStates)
  reset(@Payload() request: RpcRequest<{ accountId: string }>) {
    return this.resetStates.execute(request.actor, request.data);
  }
}
