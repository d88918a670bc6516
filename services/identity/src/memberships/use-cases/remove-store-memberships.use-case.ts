import { Injectable, Logger } from '@nestjs/common';
import { MembershipsRepository } from '../memberships.repository';

/** A removed store takes its confirmateurs' memberships and pending invitations with it. */
@Injectable()
export class RemoveStoreMembershipsUseCase {
  private readonly logger = new Logger(RemoveStoreMembershipsUseCase.name);

  constructor(private readonly memberships: MembershipsRepository) {}

  async execute(input: { storeId: string }): Promise<{ removed: number }> {
    const removed = await this.memberships.removeStore(input.storeId);
    this.logger.log({ storeId: input.storeId, removed }, 'Memberships of a removed store deleted');
    return { removed };
  }
}
