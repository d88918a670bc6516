import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  DeliveryZrPatterns,
  type CreateDeliveryAccountDto,
  type SetWebhookSecretDto,
} from '@tawsil/contracts/delivery-zr';
import type { RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { AddDeliveryAccountUseCase } from './use-cases/add-delivery-account.use-case';
import { ListDeliveryAccountsUseCase } from './use-cases/list-delivery-accounts.use-case';
import { ListOrderDeliveryAccountsUseCase } from './use-cases/list-order-delivery-accounts.use-case';
import { RemoveDeliveryAccountUseCase } from './use-cases/remove-delivery-account.use-case';
import { SetWebhookSecretUseCase } from './use-cases/set-webhook-secret.use-case';

@Controller()
export class AccountsController {
  constructor(
    private readonly listAccounts: ListDeliveryAccountsUseCase,
    private readonly addAccount: AddDeliveryAccountUseCase,
    private readonly removeAccount: RemoveDeliveryAccountUseCase,
    private readonly listOrderAccounts: ListOrderDeliveryAccountsUseCase,
    private readonly setSecret: SetWebhookSecretUseCase,
  ) {}

  @RpcHandler(DeliveryZrPatterns.listAccounts)
  list(@Payload() request: RpcRequest<void>) {
    return this.listAccounts.execute(request.actor);
  }

  @RpcHandler(DeliveryZrPatterns.addAccount)
  add(@Payload() request: RpcRequest<CreateDeliveryAccountDto>) {
    return this.addAccount.execute(request.actor, request.data);
  }

  @RpcHandler(DeliveryZrPatterns.removeAccount)
  remove(@Payload() request: RpcRequest<{ accountId: string }>) {
    return this.removeAccount.execute(request.actor, request.data);
  }

  @RpcHandler(DeliveryZrPatterns.setWebhookSecret)
  setWebhookSecret(@Payload() request: RpcRequest<SetWebhookSecretDto & { accountId: string }>) {
    return this.setSecret.execute(request.actor, request.data);
  }

  @RpcHandler(DeliveryZrPatterns.accountsForOrder)
  forOrder(@Payload() request: RpcRequest<{ orderId: string }>) {
    return this.listOrderAccounts.execute(request.actor, request.data);
  }
}
