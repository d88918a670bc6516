import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { QueueOrderView, QueuePatterns, QueueQuery, QueueView } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { RpcCaller } from '@tawsil/nest-common/core';
import type { FastifyReply } from 'fastify';
import { CurrentActor } from '../auth/current-actor.decorator';

@ApiTags('queue')
@ApiBearerAuth()
@Controller('api/orders/queue')
export class QueueController {
  constructor(private readonly rpc: RpcCaller) {}

  @Get()
  @ApiOperation({
    summary: 'The caller\'s call queue ("À appeler") with counts per bucket',
    description:
      'Due and overdue callbacks (oldest first), then pending orders oldest first, then unanswered orders whose ' +
      'retry delay has passed; at most 50. Orders another agent is on are left out; in the assigned modes an agent ' +
      'sees only the orders assigned to them. Orders past the maximum attempts carry `proposeCancel: true`.',
  })
  @ApiOkResponse({ type: QueueView })
  async queue(@Query() query: QueueQuery, @CurrentActor() actor: Actor) {
    return this.rpc.call(QueuePatterns.queue, query, actor);
  }

  @Post('next')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Take the next order of the queue, claimed for the caller; 204 when nothing waits',
    description: 'Never hands one order to two agents, however many ask at once.',
  })
  @ApiOkResponse({ type: QueueOrderView })
  @ApiNoContentResponse({ description: 'Nothing waits' })
  async next(
    @Body() body: QueueQuery,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { order } = await this.rpc.call(QueuePatterns.next, body, actor);
    if (!order) reply.status(204);
    return order ?? undefined;
  }
}
