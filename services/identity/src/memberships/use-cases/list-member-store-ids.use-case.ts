import { Injectable } from '@nestjs/common';
import { MembershipsRepository } from '../memberships.repository';

/** The stores a confirmateur works for, oldest membership first: the gateway's actor for an agent. */
@Injectable()
export class ListMemberStoreIdsUseCase {
  constructor(private readonly memberships: MembershipsRepository) {}

  execute(input: { confirmateurId: string }): Promise<string[]> {
    return this.memberships.storeIdsOf(input.confirmateurId);
  }
}
