import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { StoresRepository } from '../stores/stores.repository';
import { ImportQueue } from './import-queue';

/** Imports whose job was lost with Redis start again from their saved page when a worker starts. */
@Injectable()
export class ImportRecovery implements OnApplicationBootstrap {
  private readonly logger = new Logger(ImportRecovery.name);

  constructor(
    private readonly stores: StoresRepository,
    private readonly imports: ImportQueue,
  ) {}

  async onApplicationBootstrap() {
    const importing = await this.stores.withSyncState('importing');
    for (const store of importing) await this.imports.start(store.id);
    if (importing.length) this.logger.log({ stores: importing.length }, 'Imports in progress re-queued');
  }
}
