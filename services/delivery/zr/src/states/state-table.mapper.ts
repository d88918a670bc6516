import type { AccountStatesView } from '@tawsil/contracts/delivery-zr';
import type { DeliveryAccount } from '../accounts/delivery-account.entity';
import type { AccountState } from './account-state.entity';

export function toAccountStatesView(
  account: Pick<DeliveryAccount, 'id' | 'statesSource'>,
  rows: AccountState[],
): AccountStatesView {
  return {
    accountId: account.id,
    source: account.statesSource ?? 'defaults',
    states: rows.map((row) => ({
      state: row.state,
      label: row.label,
      status: row.status,
      defaultStatus: row.defaultStatus,
      changed: row.changed,
    })),
  };
}
