import { Migration } from '@mikro-orm/migrations';

/** The latest orders YouCan sent that could not be stored, with the reason, shown with the store. */
export class Migration20261125000100_refused_orders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table stores_youcan.stores add column refused_orders jsonb not null default '[]'`);
  }
}
