import { InjectQueue } from '@nestjs/bullmq';
import {
  BadRequestException,
  Controller,
  Headers,
  HttpCode,
  Logger,
  Post,
  Query,
  Req,
  UnauthorizedException,
  type RawBodyRequest,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { QueueName, type YoucanOrderEventJob } from '@tawsil/contracts/queues';
import { Public, REPEAT_SAFE_ATTEMPTS } from '@tawsil/nest-common';
import type { Queue } from 'bullmq';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { GatewayConfig } from '../config/gateway.config';
import { isGenuineYoucanDelivery } from './youcan-signature';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * YouCan's order webhooks: verified, queued and acknowledged at once; stores/youcan does the rest.
 * The store is named in the address we subscribed with (`?store=<id>`).
 */
@ApiExcludeController()
@Controller('api/webhooks/youcan')
export class YoucanWebhooksController {
  private readonly logger = new Logger(YoucanWebhooksController.name);

  constructor(
    private readonly config: GatewayConfig,
    @InjectQueue(QueueName.YoucanOrderEvents) private readonly events: Queue<YoucanOrderEventJob>,
  ) {}

  @Public()
  @Post()
  @HttpCode(200)
  async receive(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('x-youcan-signature') signature: string | undefined,
    @Query('store') storeId: unknown,
  ) {
    if (!isGenuineYoucanDelivery(request.rawBody, signature, this.config.YOUCAN_CLIENT_SECRET)) {
      this.logger.warn(
        { storeId: String(storeId).slice(0, 64) },
        'Refused a YouCan webhook with a bad signature',
      );
      throw new UnauthorizedException('Invalid webhook signature');
    }
    if (typeof storeId !== 'string' || !UUID.test(storeId))
      throw new BadRequestException('store must be the id of a connected store');
    if (!request.body || typeof request.body !== 'object')
      throw new BadRequestException('The webhook body must be a JSON object');

    // The same delivery twice while the first is still queued collapses into one job.
    const digest = createHash('sha256').update(request.rawBody!).digest('hex').slice(0, 40);
    await this.events.add(
      'order',
      { storeId, payload: request.body, receivedAt: new Date().toISOString() },
      {
        jobId: `${storeId}-${digest}`,
        attempts: REPEAT_SAFE_ATTEMPTS,
        backoff: { type: 'exponential', delay: 1_000 },
        removeOnComplete: { age: 3600 },
        removeOnFail: { count: 1000 },
      },
    );
    return { received: true };
  }
}
