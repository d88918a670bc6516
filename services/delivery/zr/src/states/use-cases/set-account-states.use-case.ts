import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  DeliveryZrPatterns,
  STATE_TABLE_STATUSES,
  type AccountStatesView,
  type SetAccountStatesDto,
} from '@tawsil/contracts/delivery-zr';
import { coded } from '@tawsil/contracts/messages';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, ServiceError } from '@tawsil/nest-common';
import { AccountStateOwner } from '../account-state-owner';
import { AccountStatesRepository } from '../account-states.repository';
import { stateKey } from '../state-defaults';
import { toAccountStatesView } from '../state-table.mapper';

/**
 * The owner maps some of an account's carrier states to other statuses. Every change is checked
 * before anything is written: one unknown state or status refuses them all. The next state read or
 * pushed maps through the new table (the account's version tells every instance).
 */
@Injectable()
export class SetAccountStatesUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly owned: AccountStateOwner,
    private readonly states: AccountStatesRepository,
  ) {}

  async execute(
    actor: Actor,
    input: SetAccountStatesDto & { accountId: string },
  ): Promise<AccountStatesView> {
    const account = await this.owned.ownedAccount(actor, input.accountId);
    const known = new Set((await this.states.rowsOf(account.id)).map((row) => row.stateKey));
    const changes = (Array.isArray(input.changes) ? input.changes : []).map(({ state, status }) => {
      if (typeof state !== 'string' || !known.has(stateKey(state)))
        throw ServiceError.badRequest(coded('delivery.state_unknown', { state: String(state) }));
      if (!(STATE_TABLE_STATUSES as readonly unknown[]).includes(status))
        throw ServiceError.badRequest(
          coded('delivery.state_status_unknown', {
            status: String(status),
            state,
            statuses: STATE_TABLE_STATUSES.join(', '),
          }),
        );
      return { stateKey: stateKey(state), status };
    });
    if (changes.length === 0) throw ServiceError.badRequest('changes must name at least one state');
    // One update per state: a state named twice takes its last status.
    const last = [...new Map(changes.map((change) => [change.stateKey, change])).values()];
    const request = { accountId: account.id, changes: last };
    return idempotentWrite(this.em, { pattern: DeliveryZrPatterns.setAccountStates, request }, async (em) => {
      await this.states.setStatuses(em, account.id, last);
      return toAccountStatesView(account, await this.states.rowsOf(account.id, em));
    });
  }
}
