import { Module, type DynamicModule } from '@nestjs/common';
import { ActorStores } from '../auth/actor-stores';
import { GatewayConfig } from '../config/gateway.config';
import { AccessChanges } from './access-changes';
import { ConnectionCap } from './connection-cap';
import { EventsController } from './events.controller';
import { LiveEventsHub } from './live-events.hub';
import { LiveEventsRedis } from './live-events.redis';
import { LiveStreams } from './live-streams';

/** `GET /api/events`: the per-store Redis streams the orders service writes, as server-sent events. */
@Module({})
export class LiveEventsModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: LiveEventsModule,
      controllers: [EventsController],
      providers: [
        { provide: GatewayConfig, useValue: config },
        ActorStores,
        LiveEventsRedis,
        LiveEventsHub,
        ConnectionCap,
        AccessChanges,
        LiveStreams,
      ],
    };
  }
}
