import { Migration } from '@mikro-orm/migrations';

/**
 * Why an order was not sent, as a code of the message catalogue and its parameters beside the
 * English reason, so the saisie report reads in the owner's language. Outcomes from before have
 * none; the report finds their code from their English text.
 */
export class Migration20261127410000_saisie_reason_codes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table delivery_zr.saisie_outcomes
        add column reason_code text,
        add column reason_params jsonb`);
  }
}
