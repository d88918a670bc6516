import { BadRequestException, Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DeliveryZrPatterns, SaisieJobView, SaisieStarted, TariffEntry } from '@tawsil/contracts/delivery-zr';
import { BulkSelectionDto } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { RpcCaller } from '@tawsil/nest-common/core';
import { ActorStores } from '../auth/actor-stores';
import { CurrentActor } from '../auth/current-actor.decorator';
import { uuidParam } from '../http/uuid-param';
import { selectedOrderIds } from '../orders/order-selection';

@ApiTags('delivery')
@ApiBearerAuth()
@Controller('api/ZR')
export class ZrController {
  constructor(
    private readonly rpc: RpcCaller,
    private readonly actors: ActorStores,
  ) {}

  @Get('tarification/:deliveryAccountId')
  @ApiOperation({
    summary: 'ZR Express tariffs of a delivery account, per wilaya: [{IDWilaya, Wilaya, Stopdesk, Domicile}]',
    description:
      'Prices in DZD as text; "0" means not offered. Kept a day per account; 502 when ZR cannot answer.',
  })
  @ApiOkResponse({ type: [TariffEntry] })
  async tariffs(
    @Param('deliveryAccountId', uuidParam('deliveryAccountId must be a delivery account id'))
    accountId: string,
    @CurrentActor() actor: Actor,
  ) {
    return this.rpc.call(DeliveryZrPatterns.tariffs, { accountId }, await this.actors.withStores(actor));
  }

  @Post('saisie')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Owner only: send confirmed orders to ZR Express as parcels',
    description:
      'Queues the saisie and answers {jobId} at once; the same selection sent again while it runs answers the ' +
      'same job. An order never becomes two parcels. {orderIds}, or {filter} (the list filters) for every ' +
      'matching order, at most 10,000.',
  })
  @ApiAcceptedResponse({ type: SaisieStarted })
  async start(@Body() body: BulkSelectionDto, @CurrentActor() actor: Actor) {
    // delivery/zr finds the owner's stores in its own record; orders resolves a filter on its own.
    const orderIds = await selectedOrderIds(this.rpc, body, actor);
    if (orderIds.length === 0) throw new BadRequestException('filter matches no orders');
    return this.rpc.call(DeliveryZrPatterns.startSaisie, { orderIds }, actor);
  }

  @Get('saisie/:jobId')
  @ApiOperation({
    summary: 'Owner only: how a saisie is going',
    description:
      '{jobId, state, progress: {done, total}, successfullOrders, failedOrders: [{id, reason, reasonCode, reasonParams}]}',
  })
  @ApiOkResponse({ type: SaisieJobView })
  status(
    @Param('jobId', uuidParam('jobId must be a saisie job id')) jobId: string,
    @CurrentActor() actor: Actor,
  ) {
    return this.rpc.call(DeliveryZrPatterns.saisieStatus, { jobId }, actor);
  }
}
