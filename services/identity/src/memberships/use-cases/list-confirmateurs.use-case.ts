import { Injectable } from '@nestjs/common';
import type { ConfirmateurView } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { MembershipsRepository } from '../memberships.repository';
import { requireOwnerOf } from '../require-owner-of';

/** The owner's side of memberships: which agents work for which of its stores. */
@Injectable()
export class ListConfirmateursUseCase {
  constructor(private readonly memberships: MembershipsRepository) {}

  async execute(actor: Actor): Promise<ConfirmateurView[]> {
    const owner = requireOwnerOf(actor);
    const rows = await this.memberships.confirmateursOf(owner.userId, owner.storeIds);
    return rows.map((row) => ({ _id: row.id, name: row.name, email: row.email, stores: row.stores }));
  }
}
