import { BadRequestException, Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import {
  DeliveryZrPatterns,
  LabelsRequestDto,
  SaisieJobView,
  SaisieStarted,
  StopDeskEntry,
  TariffEntry,
} from '@tawsil/contracts/delivery-zr';
import type { FastifyReply } from 'fastify';
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

  @Get('desks/:deliveryAccountId')
  @ApiOperation({
    summary: 'Stop desks of a delivery account, as its carrier names them: [{IDWilaya, name, commune?}]',
    description:
      "ZR Express's current API: its pickup-point hubs; Yalidine: its centers; procolis: ZR's published " +
      'list. A stop-desk delivery must name one of them. Kept a day per account; the last list serves ' +
      'when the carrier cannot answer, else 502.',
  })
  @ApiOkResponse({ type: [StopDeskEntry] })
  async desks(
    @Param('deliveryAccountId', uuidParam('deliveryAccountId must be a delivery account id'))
    accountId: string,
    @CurrentActor() actor: Actor,
  ) {
    return this.rpc.call(DeliveryZrPatterns.desks, { accountId }, await this.actors.withStores(actor));
  }

  @Post('saisie')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Owner only: send confirmed orders to ZR Express as parcels',
    description:
      'Queues the saisie and answers {jobId} at once; the same selection sent again while it runs answers the ' +
      'same job. An order never becomes two parcels. {orderIds}, or {filter} (an object of the list filters, ' +
      '{} for every order) for every matching order, at most 10,000.',
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

  @Post('labels')
  @HttpCode(200)
  @ApiOperation({
    summary: "Owner only: the carriers' labels (bordereaux) of parcels, merged into one PDF",
    description:
      '{orderIds} (at most 200) or {saisieId} of a finished saisie. Answers application/pdf; the header ' +
      'X-Labels-Missing counts the orders left out (not sent, or no label from their carrier), X-Labels-Pages ' +
      'the pages. 404 when no label could be printed, with the reason.',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The labels, one PDF', schema: { type: 'string', format: 'binary' } })
  async labels(
    @Body() body: LabelsRequestDto,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const printed = await this.rpc.call(DeliveryZrPatterns.labels, body, actor);
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', 'attachment; filename="labels.pdf"');
    reply.header('X-Labels-Pages', String(printed.pages));
    reply.header('X-Labels-Missing', String(printed.missing.length));
    reply.header('Access-Control-Expose-Headers', 'X-Labels-Pages, X-Labels-Missing, Content-Disposition');
    return Buffer.from(printed.pdf, 'base64');
  }
}
