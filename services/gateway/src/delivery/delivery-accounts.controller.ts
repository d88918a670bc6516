import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AccountStatesView,
  AddDeliveryAccountResult,
  CreateDeliveryAccountDto,
  DeliveryAccountView,
  DeliveryZrPatterns,
  SetAccountStatesDto,
  SetWebhookSecretDto,
} from '@tawsil/contracts/delivery-zr';
import { DeletedId } from '@tawsil/contracts/http';
import type { Actor } from '@tawsil/contracts/rpc';
import { RpcCaller } from '@tawsil/nest-common/core';
import { CurrentActor } from '../auth/current-actor.decorator';
import { uuidParam } from '../http/uuid-param';

@ApiTags('delivery')
@ApiBearerAuth()
@Controller('api/delivery/account')
export class DeliveryAccountsController {
  constructor(private readonly rpc: RpcCaller) {}

  @Get()
  @ApiOperation({
    summary: "Owner only: the owner's delivery accounts (the API key and secret are never sent)",
  })
  @ApiOkResponse({ type: [DeliveryAccountView] })
  list(@CurrentActor() actor: Actor) {
    return this.rpc.call(DeliveryZrPatterns.listAccounts, undefined, actor);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Owner only: add a ZR Express account',
    description:
      'The credentials are checked with ZR Express before saving (400 when refused, 502 when ZR cannot be ' +
      'reached), then kept encrypted. Answers {message, account}.',
  })
  @ApiCreatedResponse({ type: AddDeliveryAccountResult })
  add(@Body() body: CreateDeliveryAccountDto, @CurrentActor() actor: Actor) {
    return this.rpc.call(DeliveryZrPatterns.addAccount, body, actor);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Owner only: remove a delivery account; answers {deletedId}' })
  @ApiOkResponse({ type: DeletedId })
  remove(
    @Param('id', uuidParam('id must be a delivery account id')) accountId: string,
    @CurrentActor() actor: Actor,
  ) {
    return this.rpc.call(DeliveryZrPatterns.removeAccount, { accountId }, actor);
  }

  @Put(':id/webhook-secret')
  @ApiOperation({
    summary: "Owner only: set a Yalidine account's webhook secret",
    description:
      "The secret Yalidine's dashboard shows for the webhook registered at " +
      '/api/webhooks/yalidine/{id}; kept encrypted, never sent back. Answers the account.',
  })
  @ApiOkResponse({ type: DeliveryAccountView })
  setWebhookSecret(
    @Param('id', uuidParam('id must be a delivery account id')) accountId: string,
    @Body() body: SetWebhookSecretDto,
    @CurrentActor() actor: Actor,
  ) {
    return this.rpc.call(DeliveryZrPatterns.setWebhookSecret, { ...body, accountId }, actor);
  }

  @Get(':id/states')
  @ApiOperation({
    summary: "Owner only: the account's carrier states and the order status each moves orders to",
    description:
      "Loaded from the carrier's workflows (ZR Express's current API) or the product's lists (procolis, " +
      "Yalidine); 404 for an account that is not the caller's.",
  })
  @ApiOkResponse({ type: AccountStatesView })
  states(
    @Param('id', uuidParam('id must be a delivery account id')) accountId: string,
    @CurrentActor() actor: Actor,
  ) {
    return this.rpc.call(DeliveryZrPatterns.accountStates, { accountId }, actor);
  }

  @Put(':id/states')
  @ApiOperation({
    summary: "Owner only: change the order status some of the account's carrier states map to",
    description:
      'Body {changes: [{state, status}]}; status is saisie (stays), en cours de livraison, livrée, retour or ' +
      'ignored. An unknown state or status answers 400 and changes nothing. Answers the whole table.',
  })
  @ApiOkResponse({ type: AccountStatesView })
  setStates(
    @Param('id', uuidParam('id must be a delivery account id')) accountId: string,
    @Body() body: SetAccountStatesDto,
    @CurrentActor() actor: Actor,
  ) {
    return this.rpc.call(DeliveryZrPatterns.setAccountStates, { ...body, accountId }, actor);
  }

  @Post(':id/states/reset')
  @HttpCode(200)
  @ApiOperation({
    summary: "Owner only: map every carrier state of the account to the product's default again",
  })
  @ApiOkResponse({ type: AccountStatesView })
  resetStates(
    @Param('id', uuidParam('id must be a delivery account id')) accountId: string,
    @CurrentActor() actor: Actor,
  ) {
    return this.rpc.call(DeliveryZrPatterns.resetAccountStates, { accountId }, actor);
  }

  @Get(':orderId')
  @ApiOperation({ summary: "The delivery accounts an order may ship with: its store owner's" })
  @ApiOkResponse({ type: [DeliveryAccountView] })
  async forOrder(
    @Param('orderId', uuidParam('orderId must be an order id')) orderId: string,
    @CurrentActor() actor: Actor,
  ) {
    // Orders, asked by delivery/zr for the order, finds the caller's stores itself.
    return this.rpc.call(DeliveryZrPatterns.accountsForOrder, { orderId }, actor);
  }
}
