import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DeletedId } from '@tawsil/contracts/http';
import {
  AddBlacklistEntryDto,
  BlacklistEntryView,
  CustomerHistoryView,
  CustomersPatterns,
  OrderView,
} from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { RpcCaller } from '@tawsil/nest-common/core';
import { CurrentActor } from '../auth/current-actor.decorator';
import { uuidParam } from '../http/uuid-param';

const orderId = uuidParam('id must be an order id');

@ApiTags('customers')
@ApiBearerAuth()
@Controller('api/orders')
export class CustomersController {
  constructor(private readonly rpc: RpcCaller) {}

  @Get('youcan/:id/customer')
  @ApiOperation({
    summary: "The customer's other orders, found by phone, in the stores you work on",
    description:
      '{phone, orders: [{_id, ref, orderDate, status, total, storeId}]}, newest first (at most 50).',
  })
  @ApiOkResponse({ type: CustomerHistoryView })
  async customer(@Param('id', orderId) id: string, @CurrentActor() actor: Actor) {
    return this.rpc.call(CustomersPatterns.history, { orderId: id }, actor);
  }

  @Post('youcan/:id/cancel-duplicate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancel an order flagged as a duplicate (duplicateOf)',
    description:
      'Status annulée with the history entry "Cancelled as a duplicate of <ref>"; answers the order.',
  })
  @ApiOkResponse({ type: OrderView })
  async cancelDuplicate(@Param('id', orderId) id: string, @CurrentActor() actor: Actor) {
    return this.rpc.call(CustomersPatterns.cancelDuplicate, { orderId: id }, actor);
  }

  @Get('blacklist')
  @ApiOperation({ summary: "Owner only: the blacklisted phones, for all the owner's stores" })
  @ApiOkResponse({ type: [BlacklistEntryView] })
  async blacklist(@CurrentActor() actor: Actor) {
    return this.rpc.call(CustomersPatterns.blacklist, {}, actor);
  }

  @Post('blacklist')
  @ApiOperation({
    summary: 'Owner only: blacklist a phone with a reason',
    description: 'The phone in any written form (+213, 00213, spaces); 409 when it is listed already.',
  })
  @ApiCreatedResponse({ type: BlacklistEntryView })
  async add(@Body() body: AddBlacklistEntryDto, @CurrentActor() actor: Actor) {
    return this.rpc.call(CustomersPatterns.addToBlacklist, body, actor);
  }

  @Delete('blacklist/:id')
  @ApiOperation({ summary: 'Owner only: take a phone off the blacklist' })
  @ApiOkResponse({ type: DeletedId })
  async remove(
    @Param('id', uuidParam('id must be a blacklist entry id')) entryId: string,
    @CurrentActor() actor: Actor,
  ) {
    return this.rpc.call(CustomersPatterns.removeFromBlacklist, { entryId }, actor);
  }
}
