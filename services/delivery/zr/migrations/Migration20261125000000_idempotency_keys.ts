import { Migration } from '@mikro-orm/migrations';
import { idempotencyKeysTableSql } from '@tawsil/nest-common';

/** Each write's idempotency key and answer, written in the same transaction as the write. */
export class Migration20261125000000_idempotency_keys extends Migration {
  override async up(): Promise<void> {
    for (const statement of idempotencyKeysTableSql('delivery_zr')) this.addSql(statement);
  }
}
