import { Migration } from '@mikro-orm/migrations';

/**
 * Each account names the carrier API it speaks. Accounts from before were all procolis ones; the
 * current ZR API needs a tenant id (sealed like the key), and it has no secret, nor Yalidine a tenant.
 */
export class Migration20261127100000_account_api extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table delivery_zr.accounts
        add column api text not null default 'procolis'
          constraint accounts_api_known check (api in ('procolis', 'zr-current', 'yalidine')),
        add column tenant_id text,
        alter column api_secret drop not null`);
    this.addSql(`alter table delivery_zr.accounts drop constraint if exists accounts_company_check`);
    this.addSql(`
      alter table delivery_zr.accounts
        add constraint accounts_company_known check (company in ('zrexpress', 'yalidine'))`);
  }
}
