import type { OrderDeliveryView, OrderHistoryView, OrderNoteView, OrderView } from '@tawsil/contracts/orders';
import type { OrderStatus } from '@tawsil/contracts/orders';
import { recognizeCommune, wilayaByCode } from '@tawsil/geo-dz';

/** An order row as the list query and the entity both give it, in snake or camel case. */
export interface OrderRow {
  id: string;
  storeId: string;
  ref: string;
  orderDate: Date | string;
  customerName: string;
  customerPhone: string;
  regionRaw: string;
  wilayaCode: number | null;
  city: string;
  items: { productName: string; quantity: number; price: number }[];
  total: number | string;
  currency: string;
  status: OrderStatus;
  statusByName: string | null;
  delivery: OrderDeliveryView | null;
  version: number;
  attempts: number;
  callbackAt: Date | string | null;
  claimedById: string | null;
  claimedByName: string | null;
  claimedUntil: Date | string | null;
  assignedToId: string | null;
  assignedToName: string | null;
  duplicateOf?: string | null;
  /** The owner's blacklist entry for the phone, read with the row. */
  blacklisted?: { reason: string } | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The region as the store typed it, or the wilaya's name when it typed none. */
const regionOf = (row: OrderRow) =>
  row.regionRaw || (row.wilayaCode ? (wilayaByCode(row.wilayaCode)?.name ?? '') : '');

export function presentOrder(
  row: OrderRow,
  notes: OrderNoteView[],
  history: OrderHistoryView[] | undefined,
): OrderView {
  return {
    _id: row.id,
    storeId: row.storeId,
    ref: row.ref,
    orderDate: iso(row.orderDate),
    customer: {
      full_name: row.customerName,
      phone: row.customerPhone,
      region: regionOf(row),
      city: row.city,
    },
    variants: row.items.map((item) => ({
      quantity: item.quantity,
      variant: { product: { name: item.productName } },
    })),
    total: Number(row.total),
    currency: row.currency,
    status: row.status,
    version: row.version,
    notes,
    confirmateur: row.statusByName ? { name: row.statusByName } : null,
    delivery: row.delivery ?? null,
    ...(history ? { history } : {}),
    ...workspaceFields(row),
    ...placeOf(row),
    duplicateOf: row.duplicateOf ?? null,
    blacklisted: row.blacklisted ?? null,
  };
}

/** Attempts, callback, claim (while it lasts) and assignee. */
function workspaceFields(row: OrderRow) {
  const claimed = row.claimedById && row.claimedUntil && new Date(row.claimedUntil).getTime() > Date.now();
  return {
    attempts: row.attempts,
    callbackAt: row.callbackAt ? iso(row.callbackAt) : null,
    claim: claimed
      ? { userId: row.claimedById!, name: row.claimedByName ?? '', until: iso(row.claimedUntil!) }
      : null,
    assignedTo: row.assignedToId ? { userId: row.assignedToId, name: row.assignedToName ?? '' } : null,
  };
}

/** The wilaya recognised in the region, and the commune of it the city names (the delivery form starts from them). */
function placeOf(row: OrderRow): Pick<OrderView, 'wilaya' | 'commune'> {
  const wilaya = row.wilayaCode ? wilayaByCode(row.wilayaCode) : undefined;
  if (!wilaya) return { wilaya: null, commune: null };
  return {
    wilaya: { code: wilaya.code, name: wilaya.name, nameAr: wilaya.nameAr },
    commune: recognizeCommune(wilaya.code, row.city)?.name ?? null,
  };
}

export interface NoteRow {
  id: string;
  orderId: string;
  message: string;
  createdAt: Date | string;
  userId: string;
  userName: string;
}

export const presentNote = (note: NoteRow): OrderNoteView => ({
  _id: note.id,
  message: note.message,
  createdAt: iso(note.createdAt),
  user: { _id: note.userId, name: note.userName },
});

export interface HistoryRow {
  orderId: string;
  at: Date | string;
  changes: string;
  userId: string;
  userName: string;
}

export const presentHistory = (entry: HistoryRow): OrderHistoryView => ({
  timestamp: iso(entry.at),
  changes: entry.changes,
  user: { _id: entry.userId, name: entry.userName },
});
