import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { IdentityPatterns, type RemoveConfirmateurDto } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, ServiceError } from '@tawsil/nest-common';
import { AgentStoresPublisher } from '../agent-stores.publisher';
import { MembershipsRepository } from '../memberships.repository';
import { requireOwnerOf } from '../require-owner-of';

type RemoveInput = RemoveConfirmateurDto & { confirmateurId: string };

/** The owner takes a confirmateur off one of its stores. */
@Injectable()
export class RemoveConfirmateurUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly memberships: MembershipsRepository,
    private readonly agentStores: AgentStoresPublisher,
  ) {}

  async execute(actor: Actor, input: RemoveInput): Promise<{ confirmateurId: string; storeId: string }> {
    const owner = requireOwnerOf(actor, input.storeId);
    const removed = await idempotentWrite(
      this.em,
      { pattern: IdentityPatterns.removeConfirmateur, request: input },
      async (em) => {
        const membership = { ...input, ownerId: owner.userId };
        if (!(await this.memberships.remove(em, membership)))
          throw ServiceError.notFound('This confirmateur does not work for this store');
        return { confirmateurId: input.confirmateurId, storeId: input.storeId };
      },
    );
    // After the commit; sent again on a repeat too, in case the first one was lost.
    await this.agentStores.changed(input.confirmateurId);
    return removed;
  }
}
