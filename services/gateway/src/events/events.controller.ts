import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Actor } from '@tawsil/contracts/rpc';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentActor } from '../auth/current-actor.decorator';
import { MAX_CONNECTIONS_PER_USER } from './connection-cap';
import { LiveStreams } from './live-streams';

@ApiTags('events')
@ApiBearerAuth()
@Controller('api/events')
export class EventsController {
  constructor(private readonly streams: LiveStreams) {}

  @Get()
  @ApiOperation({
    summary: "Live order events of the caller's stores (server-sent events)",
    description:
      'text/event-stream. `event: order` with `data: {type: created|changed|claimed|released|deleted, orderId, storeId, status?, claim?}` ' +
      'and an `id:`; `event: sync` with `data: {missed}` first (missed: refetch what is shown); a `: ping` comment every 15 s. ' +
      `Send the last id received as Last-Event-ID to resume without a gap. At most ${MAX_CONNECTIONS_PER_USER} connections per user (429). ` +
      '503 while Redis is unavailable: poll meanwhile.',
  })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'The event stream', schema: { type: 'string' } })
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'The last `id:` received' })
  async open(@CurrentActor() actor: Actor, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.streams.open(actor, request, reply);
  }
}
