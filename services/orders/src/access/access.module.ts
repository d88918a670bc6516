import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { ORDERS_ACCESS_JOBS } from '@tawsil/contracts/queues';
import { JobQueuesModule } from '@tawsil/nest-common';
import { AccessAnnouncer } from './access-announcer';
import { AccessController } from './access.controller';
import { AccessEventsProcessor } from './access-events.processor';
import { ReachableStoresInterceptor } from './reachable-stores.interceptor';
import { StoreAccessRepository } from './store-access.repository';

/** Who reaches which store, answered from orders' own record (docs/store-access.md). */
@Module({
  imports: [JobQueuesModule.register(ORDERS_ACCESS_JOBS)],
  controllers: [AccessController],
  providers: [
    StoreAccessRepository,
    AccessAnnouncer,
    AccessEventsProcessor,
    { provide: APP_INTERCEPTOR, useClass: ReachableStoresInterceptor },
  ],
  exports: [AccessAnnouncer],
})
export class AccessModule {}
