import { defineEntity, p } from '@mikro-orm/core';
import { STATE_TABLE_STATUSES } from '@tawsil/contracts/delivery-zr';

/** One state of an account's carrier and the product status it maps to (`delivery_zr.account_states`). */
export const AccountStateSchema = defineEntity({
  name: 'AccountState',
  tableName: 'account_states',
  properties: {
    accountId: p.uuid().primary(),
    /** `stateKey(state)`: lookups forgive case, accents and spacing. */
    stateKey: p.text().primary(),
    state: p.text(),
    label: p.text(),
    position: p.integer(),
    status: p.enum(STATE_TABLE_STATUSES),
    defaultStatus: p.enum(STATE_TABLE_STATUSES),
    changed: p.boolean(),
  },
});

export class AccountState extends AccountStateSchema.class {}
AccountStateSchema.setClass(AccountState);
