import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { StateTableSource, StateTableStatus } from '@tawsil/contracts/delivery-zr';
import { AccountState } from './account-state.entity';
import { stateKey, type StateRow } from './state-defaults';

/** `delivery_zr.account_states` and the state columns of the account; writes take the caller's transaction. */
@Injectable()
export class AccountStatesRepository {
  constructor(private readonly em: EntityManager) {}

  rowsOf(accountId: string, em: EntityManager = this.em.fork()): Promise<AccountState[]> {
    return em.find(AccountState, { accountId }, { orderBy: { position: 'asc' } });
  }

  /**
   * Writes the table read from the carrier (or the defaults): new states are added, labels and
   * defaults refreshed, and a state the owner changed keeps the owner's status.
   */
  async load(
    em: EntityManager,
    accountId: string,
    rows: StateRow[],
    source: StateTableSource,
  ): Promise<void> {
    if (rows.length > 0)
      await em.execute(
        `insert into delivery_zr.account_states
           (account_id, state_key, state, label, position, status, default_status, changed)
         select ?, r.state_key, r.state, r.label, r.position, r.status, r.status, false
           from jsonb_to_recordset(?::jsonb)
             as r(state_key text, state text, label text, position integer, status text)
         on conflict (account_id, state_key) do update set
           state = excluded.state,
           label = excluded.label,
           position = excluded.position,
           default_status = excluded.default_status,
           status = case when account_states.changed then account_states.status else excluded.status end,
           changed = account_states.changed and account_states.status <> excluded.default_status`,
        [
          accountId,
          JSON.stringify(rows.map((row, position) => ({ ...row, state_key: stateKey(row.state), position }))),
        ],
      );
    await em.execute(
      `update delivery_zr.accounts
          set states_source = ?, states_loaded_at = now(), states_version = states_version + 1
        where id = ?`,
      [source, accountId],
    );
  }

  /** Sets the statuses of states the table holds, keyed by `stateKey`; the caller checked they exist. */
  async setStatuses(
    em: EntityManager,
    accountId: string,
    changes: { stateKey: string; status: StateTableStatus }[],
  ): Promise<void> {
    await em.execute(
      `update delivery_zr.account_states s
          set status = c.status, changed = c.status <> s.default_status
         from jsonb_to_recordset(?::jsonb) as c(state_key text, status text)
        where s.account_id = ? and s.state_key = c.state_key`,
      [
        JSON.stringify(changes.map((change) => ({ state_key: change.stateKey, status: change.status }))),
        accountId,
      ],
    );
    await this.bump(em, accountId);
  }

  /** Every state back to its default. */
  async reset(em: EntityManager, accountId: string): Promise<void> {
    await em.nativeUpdate(AccountState, { accountId }, { changed: false });
    await em.execute(`update delivery_zr.account_states set status = default_status where account_id = ?`, [
      accountId,
    ]);
    await this.bump(em, accountId);
  }

  /** Every instance's cache of this table is now stale (they compare the account's version). */
  private async bump(em: EntityManager, accountId: string): Promise<void> {
    await em.execute(`update delivery_zr.accounts set states_version = states_version + 1 where id = ?`, [
      accountId,
    ]);
  }
}
