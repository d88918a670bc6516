import { Injectable } from '@nestjs/common';
import {
  ORDERS_ACCESS_JOBS,
  ZR_STORE_EVENTS_JOBS,
  type OrdersAccessJobs,
  type StoresChangedJob,
  type ZrStoreEventsJobs,
} from '@tawsil/contracts/queues';
import { InjectJobQueue, JobQueue, REPEAT_SAFE_JOB } from '@tawsil/nest-common';

/**
 * Tells orders and delivery/zr which stores exist and whose they are (docs/store-access.md): they
 * answer from their own copy instead of asking here on every request.
 */
@Injectable()
export class StoreEventsPublisher {
  constructor(
    @InjectJobQueue(ORDERS_ACCESS_JOBS) private readonly orders: JobQueue<OrdersAccessJobs>,
    @InjectJobQueue(ZR_STORE_EVENTS_JOBS) private readonly zr: JobQueue<ZrStoreEventsJobs>,
  ) {}

  linked(store: { id: string; ownerId: string }): Promise<void> {
    return this.publish({ linked: [{ storeId: store.id, ownerId: store.ownerId }], removed: [] });
  }

  removed(storeId: string): Promise<void> {
    return this.publish({ linked: [], removed: [storeId] });
  }

  async publish(stores: StoresChangedJob): Promise<void> {
    await Promise.all([
      this.orders.add('stores', stores, REPEAT_SAFE_JOB),
      this.zr.add('stores', stores, REPEAT_SAFE_JOB),
    ]);
  }
}
