import { Module } from '@nestjs/common';
import { ZR_STORE_EVENTS_JOBS } from '@tawsil/contracts/queues';
import { JobQueuesModule } from '@tawsil/nest-common';
import { StoreEventsProcessor } from './store-events.processor';
import { StoreOwnersRepository } from './store-owners.repository';

/** Each store's owner, kept from stores/youcan's events (docs/store-access.md). */
@Module({
  imports: [JobQueuesModule.register(ZR_STORE_EVENTS_JOBS)],
  providers: [StoreOwnersRepository, StoreEventsProcessor],
  exports: [StoreOwnersRepository],
})
export class StoresModule {}
