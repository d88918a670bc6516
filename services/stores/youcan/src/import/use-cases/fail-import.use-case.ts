import { Injectable, Logger } from '@nestjs/common';
import { StoresRepository } from '../../stores/stores.repository';

/** An import that cannot go on: the store shows it failed, and why. */
@Injectable()
export class FailImportUseCase {
  private readonly logger = new Logger(FailImportUseCase.name);

  constructor(private readonly stores: StoresRepository) {}

  async execute(storeId: string, reason: string): Promise<void> {
    this.logger.error({ storeId, reason }, 'Store import failed');
    await this.stores.markImportFailed(storeId, reason);
  }
}
