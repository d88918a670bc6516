import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  DeliveryZrPatterns,
  type CreateDeliveryAccountDto,
  type DeliveryChoiceCheck,
} from '@tawsil/contracts/delivery-zr';
import type { OrderIdsDto } from '@tawsil/contracts/orders';
import type { RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { DeliveryAccountsService } from './accounts/delivery-accounts.service';
import { SaisieService } from './saisie/saisie.service';
import { TariffsService } from './tariffs/tariffs.service';

@Controller()
export class DeliveryZrController {
  constructor(
    private readonly accounts: DeliveryAccountsService,
    private readonly tariffs: TariffsService,
    private readonly saisie: SaisieService,
  ) {}

  @RpcHandler(DeliveryZrPatterns.listAccounts)
  listAccounts(@Payload() request: RpcRequest<void>) {
    return this.accounts.list(request.actor);
  }

  @RpcHandler(DeliveryZrPatterns.addAccount)
  addAccount(@Payload() request: RpcRequest<CreateDeliveryAccountDto>) {
    return this.accounts.add(request.actor, request.data);
  }

  @RpcHandler(DeliveryZrPatterns.removeAccount)
  removeAccount(@Payload() request: RpcRequest<{ accountId: string }>) {
    return this.accounts.remove(request.actor, request.data);
  }

  @RpcHandler(DeliveryZrPatterns.accountsForOrder)
  accountsForOrder(@Payload() request: RpcRequest<{ orderId: string }>) {
    return this.accounts.forOrder(request.actor, request.data);
  }

  @RpcHandler(DeliveryZrPatterns.tariffs)
  async listTariffs(@Payload() request: RpcRequest<{ accountId: string }>) {
    return this.tariffs.forAccount(await this.accounts.reachable(request.actor, request.data.accountId));
  }

  @RpcHandler(DeliveryZrPatterns.checkDeliveryChoice)
  checkDeliveryChoice(@Payload() request: RpcRequest<DeliveryChoiceCheck>) {
    return this.accounts.checkChoice(request.data);
  }

  @RpcHandler(DeliveryZrPatterns.startSaisie)
  startSaisie(@Payload() request: RpcRequest<OrderIdsDto>) {
    return this.saisie.start(request.actor, request.data);
  }

  @RpcHandler(DeliveryZrPatterns.saisieStatus)
  saisieStatus(@Payload() request: RpcRequest<{ jobId: string }>) {
    return this.saisie.status(request.actor, request.data);
  }
}
