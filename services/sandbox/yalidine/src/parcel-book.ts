import { centersOf, communeById, type YalidineCenter } from './geography';
import { yalidineDate, type ParcelRecord } from './parcels';
import { AT_DESTINATION, DEFAULT_REASON, EDITABLE_STATUS, pathOf, type Status } from './statuses';

/** One line of `GET /v1/histories/`. */
export interface HistoryRecord {
  date_status: string;
  tracking: string;
  status: Status;
  reason: string;
  center_id: number | null;
  center_name: string | null;
  wilaya_id: number;
  wilaya_name: string;
  commune_id: number;
  commune_name: string;
}

export type EventType =
  'parcel_created' | 'parcel_edited' | 'parcel_deleted' | 'parcel_status_updated' | 'parcel_payment_updated';
export const EVENT_TYPES: EventType[] = [
  'parcel_created',
  'parcel_edited',
  'parcel_deleted',
  'parcel_status_updated',
  'parcel_payment_updated',
];

interface Entry {
  record: ParcelRecord;
  /** Sandbox only: whether this parcel goes back to the sender rather than reaching the customer. */
  returning: boolean;
}

/** The parcels of the sandbox's account, their histories, and the events their changes make. */
export class ParcelBook {
  private readonly entries = new Map<string, Entry>();
  /** Newest first, as `GET /v1/histories/` lists by default. */
  private history: HistoryRecord[] = [];

  constructor(private readonly emit: (type: EventType, data: Record<string, unknown>) => void) {}

  records(): ParcelRecord[] {
    return [...this.entries.values()].map((entry) => entry.record);
  }

  histories(): HistoryRecord[] {
    return this.history;
  }

  get(tracking: string): ParcelRecord | undefined {
    return this.entries.get(tracking)?.record;
  }

  add(record: ParcelRecord, returning: boolean): void {
    this.entries.set(record.tracking, { record, returning });
    this.log(record, '');
    this.emit('parcel_created', { ...record });
  }

  /** Edits or deletes only in "En préparation", as Yalidine allows. */
  isEditable(tracking: string): boolean {
    return this.get(tracking)?.last_status === EDITABLE_STATUS;
  }

  edit(tracking: string, changes: Partial<ParcelRecord>): ParcelRecord {
    const record = Object.assign(this.get(tracking) as ParcelRecord, changes);
    this.emit('parcel_edited', { ...record });
    return record;
  }

  delete(tracking: string): void {
    const record = this.get(tracking) as ParcelRecord;
    this.entries.delete(tracking);
    this.emit('parcel_deleted', { tracking, order_id: record.order_id });
  }

  move(tracking: string, status: Status, reason?: string): ParcelRecord {
    const record = this.get(tracking) as ParcelRecord;
    record.last_status = status;
    record.date_last_status = yalidineDate();
    if (status === 'Expédié') record.date_expedition ??= record.date_last_status;
    const line = this.log(record, reason ?? DEFAULT_REASON[status] ?? '');
    this.emit('parcel_status_updated', { ...line, order_id: record.order_id });
    if (status === 'Livré') this.pay(tracking, 'ready', null);
    return record;
  }

  pay(tracking: string, status: ParcelRecord['payment_status'], paymentId: string | null): ParcelRecord {
    const record = this.get(tracking) as ParcelRecord;
    record.payment_status = status;
    record.payment_id = paymentId;
    this.emit('parcel_payment_updated', {
      tracking,
      order_id: record.order_id,
      status,
      payment_id: paymentId,
    });
    return record;
  }

  /** Every parcel one status on along its way; how many moved. */
  advanceAll(): number {
    let moved = 0;
    for (const { record, returning } of this.entries.values()) {
      const path = pathOf(record.is_stopdesk === 1, returning);
      const index = path.indexOf(record.last_status);
      if (index < 0 || index === path.length - 1) continue;
      this.move(record.tracking, path[index + 1]);
      moved++;
    }
    return moved;
  }

  private log(record: ParcelRecord, reason: string): HistoryRecord {
    const there = AT_DESTINATION.includes(record.last_status);
    const wilayaId = there ? record.to_wilaya_id : record.from_wilaya_id;
    const center: YalidineCenter | undefined =
      (there && record.stopdesk_id !== null
        ? centersOf(wilayaId).find((c) => c.center_id === record.stopdesk_id)
        : undefined) ?? centersOf(wilayaId)[0];
    const commune = there ? communeById(record.to_commune_id) : communeById(center?.commune_id ?? -1);
    const line: HistoryRecord = {
      date_status: record.date_last_status,
      tracking: record.tracking,
      status: record.last_status,
      reason,
      center_id: center?.center_id ?? null,
      center_name: center?.name ?? null,
      wilaya_id: wilayaId,
      wilaya_name: there ? record.to_wilaya_name : record.from_wilaya_name,
      commune_id: commune?.id ?? record.to_commune_id,
      commune_name: commune?.name ?? record.to_commune_name,
    };
    this.history = [line, ...this.history];
    return line;
  }
}
