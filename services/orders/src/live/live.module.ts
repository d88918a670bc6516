import { Module } from '@nestjs/common';
import { OrderEventsRelay } from './order-events.relay';
import { OrderEventsRepository } from './order-events.repository';

/** Live events: the outbox the order triggers fill, relayed to Redis for the gateways. */
@Module({ providers: [OrderEventsRepository, OrderEventsRelay] })
export class LiveModule {}
