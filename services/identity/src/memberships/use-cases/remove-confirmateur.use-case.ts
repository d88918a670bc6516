import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { IdentityPatterns, type RemoveConfirmateurDto } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, ServiceError } from '@tawsil/nest-common';
import { MembershipsRepository } from '../memberships.repository';
import { requireOwnerOf } from '../require-owner-of';

type RemoveInput = RemoveConfirmateurDto & { confirmateurId: string };

/** The owner takes a confirmateur off one of its stores. */
@Injectable()
export class RemoveConfirmateurUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly memberships: MembershipsRepository,
  ) {}

  async execute(actor: Actor, input: RemoveInput): Promise<{ confirmateurId: string; storeId: string }> {
    const owner = requireOwnerOf(actor, input.storeId);
    return idempotentWrite(
      this.em,
      { pattern: IdentityPatterns.removeConfirmateur, request: input },
      async (em) => {
        const membership = { ...input, ownerId: owner.userId };
        if (!(await this.memberships.remove(em, membership)))
          throw ServiceError.notFound('This confirmateur does not work for this store');
        return { confirmateurId: input.confirmateurId, storeId: input.storeId };
      },
    );
  }
}
