import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000_schema extends Migration {
  override async up(): Promise<void> {
    this.addSql('create schema if not exists stores_youcan');
  }
}
