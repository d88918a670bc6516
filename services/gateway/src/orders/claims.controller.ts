import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClaimOrderDto, ClaimReleased, ClaimView, QueuePatterns } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { RpcCaller } from '@tawsil/nest-common/core';
import { CurrentActor } from '../auth/current-actor.decorator';
import { uuidParam } from '../http/uuid-param';

const orderId = () => Param('id', uuidParam('id must be an order id'));

@ApiTags('queue')
@ApiBearerAuth()
@Controller('api/orders/youcan')
export class ClaimsController {
  constructor(private readonly rpc: RpcCaller) {}

  @Post(':id/claim')
  @HttpCode(200)
  @ApiOperation({
    summary: "Claim an order for the store's claim duration, or renew your claim",
    description: '409 naming the agent who holds it; `{takeover: true}` lets the owner take it over.',
  })
  @ApiOkResponse({ type: ClaimView })
  async claim(@orderId() id: string, @Body() body: ClaimOrderDto, @CurrentActor() actor: Actor) {
    return this.rpc.call(QueuePatterns.claim, { ...body, orderId: id }, actor);
  }

  @Delete(':id/claim')
  @ApiOperation({ summary: "Release your claim on an order (the owner: anyone's)" })
  @ApiOkResponse({ type: ClaimReleased })
  async release(@orderId() id: string, @CurrentActor() actor: Actor) {
    return this.rpc.call(QueuePatterns.release, { orderId: id }, actor);
  }
}
