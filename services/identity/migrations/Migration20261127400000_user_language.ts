import { Migration } from '@mikro-orm/migrations';

export class Migration20261127400000_user_language extends Migration {
  override async up(): Promise<void> {
    // The language each user reads the app and their e-mails in; French for every account so far.
    this.addSql(`
      alter table identity.users
        add column language text not null default 'fr' check (language in ('fr', 'ar', 'en'))`);
  }
}
