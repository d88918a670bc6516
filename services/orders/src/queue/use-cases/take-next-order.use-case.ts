import { Injectable } from '@nestjs/common';
import { QueuePatterns, type QueueOrderView, type QueueQuery } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { EntityManager } from '@mikro-orm/postgresql';
import { idempotentWrite } from '@tawsil/nest-common';
import { QueueRepository } from '../queue.repository';
import { queueStores } from '../queue-scope';
import { QueueViews } from '../queue-views';
import { StoreSettingsRepository } from '../store-settings.repository';
import { AssignOrdersUseCase } from './assign-orders.use-case';

/** "Next order": the first of the caller's queue nobody is on, claimed for them in one statement. */
@Injectable()
export class TakeNextOrderUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: StoreSettingsRepository,
    private readonly queue: QueueRepository,
    private readonly views: QueueViews,
    private readonly assign: AssignOrdersUseCase,
  ) {}

  async execute(caller: Actor, query: QueueQuery): Promise<{ order: QueueOrderView | null }> {
    const stores = await this.settings.of(queueStores(caller, query.storeId));
    if (stores.length === 0) return { order: null };
    await this.assign.execute(stores.filter((s) => s.assignment !== 'shared').map((s) => s.storeId));
    // A repeated "next" (a retry after a lost answer) hands back the order it claimed the first time.
    // The view is made after the claim commits: inside its transaction it would need a second
    // connection per caller, and 50 agents asking at once would wait on each other for the pool.
    const who = { userId: caller.userId, name: caller.name, isOwner: caller.type === 'owner' };
    const { row } = await idempotentWrite(
      this.em,
      { pattern: QueuePatterns.next, request: query },
      async (em) => ({ row: await this.queue.takeNext(stores, who, em) }),
    );
    if (!row) return { order: null };
    const [order] = await this.views.present([row], caller, stores);
    return { order };
  }
}
