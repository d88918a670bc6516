import { Migration } from '@mikro-orm/migrations';

export class Migration20261125100000_parcel_announcements extends Migration {
  override async up(): Promise<void> {
    // When orders applied the parcels-sent notice for the parcel. Tracking reports a parcel's states
    // only from then on, so an order never skips `saisie` (nor `en cours`) for a late notice; the
    // repair sweep announces again what stays unannounced.
    this.addSql(`alter table delivery_zr.parcels add column announced_at timestamptz`);
    this.addSql(`update delivery_zr.parcels set announced_at = updated_at where state = 'created'`);
    this.addSql(`
      create index parcels_unannounced on delivery_zr.parcels (job_id)
      where state = 'created' and announced_at is null`);
  }
}
