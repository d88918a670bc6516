import { Migration } from '@mikro-orm/migrations';

/**
 * Each store's owner, kept from stores/youcan's events (docs/store-access.md), so that checking
 * whose delivery accounts a store may use needs no question to stores/youcan. A removal is kept
 * as `removed_at`: a link arriving after it cannot bring the store back. `owner_id` is null only
 * for a store whose removal arrived before its link.
 */
export class Migration20261127310000_store_owners extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table delivery_zr.store_owners (
        store_id uuid primary key,
        owner_id uuid,
        removed_at timestamptz
      )`);
    this.addSql(
      'create index store_owners_owner on delivery_zr.store_owners (owner_id) where removed_at is null',
    );
  }
}
