import { Migration } from '@mikro-orm/migrations';

/**
 * The wilaya a Yalidine account's parcels leave from: Yalidine prices and creates every parcel
 * from it. Not a secret, so kept in clear; ZR accounts have none.
 */
export class Migration20261127200000_account_from_wilaya extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table delivery_zr.accounts
        add column from_wilaya smallint
          constraint accounts_from_wilaya_known check (from_wilaya between 1 and 58)`);
  }
}
