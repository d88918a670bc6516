import { ServiceError } from '@tawsil/nest-common';

export interface Cursor {
  orderDate: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The keyset of the last order of a page: where the next page starts, newest first. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.orderDate}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  const [orderDate, id, extra] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !id || !UUID.test(id) || Number.isNaN(Date.parse(orderDate ?? '')))
    throw ServiceError.badRequest('cursor is not one this API gave');
  return { orderDate: new Date(orderDate).toISOString(), id };
}
