import { Injectable } from '@nestjs/common';
import { QUEUE_LIMIT, type QueueQuery, type QueueView } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { QueueRepository } from '../queue.repository';
import { queueStores } from '../queue-scope';
import { QueueViews } from '../queue-views';
import { StoreSettingsRepository } from '../store-settings.repository';
import { AssignOrdersUseCase } from './assign-orders.use-case';

/** "À appeler": due callbacks, then new orders oldest first, then unanswered ones due again. */
@Injectable()
export class GetQueueUseCase {
  constructor(
    private readonly settings: StoreSettingsRepository,
    private readonly queue: QueueRepository,
    private readonly views: QueueViews,
    private readonly assign: AssignOrdersUseCase,
  ) {}

  async execute(caller: Actor, query: QueueQuery): Promise<QueueView> {
    const stores = await this.settings.of(queueStores(caller, query.storeId));
    if (stores.length === 0) return { counts: { callbacks: 0, new: 0, retry: 0, overdue: 0 }, orders: [] };
    await this.assign.execute(stores.filter((s) => s.assignment !== 'shared').map((s) => s.storeId));
    const whose = { userId: caller.userId, isOwner: caller.type === 'owner' };
    const [rows, counts] = await Promise.all([
      this.queue.orders(stores, whose, QUEUE_LIMIT),
      this.queue.counts(stores, whose),
    ]);
    return { counts, orders: await this.views.present(rows, caller, stores) };
  }
}
