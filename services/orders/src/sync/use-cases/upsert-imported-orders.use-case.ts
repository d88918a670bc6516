import { Injectable, Logger } from '@nestjs/common';
import type { OrdersUpsertJob } from '@tawsil/contracts/queues';
import { countRepaired } from '@tawsil/nest-common';
import { AssignOrdersUseCase } from '../../queue/use-cases/assign-orders.use-case';
import { ImportedOrdersRepository, type UpsertOutcome } from '../imported-orders.repository';

/** Orders a stores service read from the store: new ones stored, known ones refreshed. */
@Injectable()
export class UpsertImportedOrdersUseCase {
  private readonly logger = new Logger(UpsertImportedOrdersUseCase.name);

  constructor(
    private readonly orders: ImportedOrdersRepository,
    private readonly assign: AssignOrdersUseCase,
  ) {}

  async execute({ storeId, ownerId, orders, repair }: OrdersUpsertJob): Promise<UpsertOutcome> {
    const outcome = await this.orders.upsert(storeId, orders, ownerId);
    if (repair) countRepaired(repair, outcome.inserted);
    // New orders go to the available agents at once in the assigned modes.
    if (outcome.inserted > 0) await this.assign.execute([storeId]);
    this.logger.debug({ storeId, received: orders.length, ...outcome }, 'Orders synced');
    return outcome;
  }
}
