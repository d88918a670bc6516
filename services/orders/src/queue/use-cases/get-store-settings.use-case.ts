import { Injectable } from '@nestjs/common';
import type { StoreSettingsView } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { queueStores } from '../queue-scope';
import { StoreSettingsRepository } from '../store-settings.repository';

/** A store's queue settings, for its owner and the agents who work on it. */
@Injectable()
export class GetStoreSettingsUseCase {
  constructor(private readonly settings: StoreSettingsRepository) {}

  async execute(caller: Actor, input: { storeId: string }): Promise<StoreSettingsView> {
    const [settings] = await this.settings.of(queueStores(caller, input.storeId));
    return settings;
  }
}
