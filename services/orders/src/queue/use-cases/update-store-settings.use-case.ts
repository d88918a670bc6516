import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { StoreSettingsDto, StoreSettingsView } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { requireOwner } from '@tawsil/nest-common';
import { AssignmentRepository } from '../assignment.repository';
import { queueStores } from '../queue-scope';
import { StoreSettingsRepository } from '../store-settings.repository';
import { AssignOrdersUseCase } from './assign-orders.use-case';

/** The owner's queue settings for a store; back to shared, every assignment is taken away. */
@Injectable()
export class UpdateStoreSettingsUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: StoreSettingsRepository,
    private readonly assignments: AssignmentRepository,
    private readonly assign: AssignOrdersUseCase,
  ) {}

  async execute(actor: Actor, input: StoreSettingsDto & { storeId: string }): Promise<StoreSettingsView> {
    const caller = requireOwner(actor, 'change queue settings');
    const { storeId, ...changes } = input;
    queueStores(caller, storeId);
    const settings = await this.em.fork().transactional(async (em) => {
      const saved = await this.settings.save(em, storeId, changes);
      if (saved.settings.assignment === 'shared' && saved.previous.assignment !== 'shared')
        await this.assignments.unassignStore(em, storeId);
      return saved.settings;
    });
    // Outside the settings' transaction: the assigner reads the committed mode.
    if (settings.assignment !== 'shared') await this.assign.execute([storeId]);
    return settings;
  }
}
