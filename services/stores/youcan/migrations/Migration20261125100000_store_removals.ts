import { Migration } from '@mikro-orm/migrations';

export class Migration20261125100000_store_removals extends Migration {
  override async up(): Promise<void> {
    // Kept for good: the orders and identity sweeps delete what a removed store leaves behind only
    // for stores listed here, never for a store they merely cannot find.
    this.addSql(`
      create table stores_youcan.store_removals (
        store_id uuid primary key,
        owner_id uuid not null,
        removed_at timestamptz not null default now()
      )`);
  }
}
