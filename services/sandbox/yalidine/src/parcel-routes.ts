import type { FastifyInstance, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { fail } from './errors';
import { importLabelsUrl } from './labels';
import { listAnswer } from './lists';
import type { ParcelBook } from './parcel-book';
import { checkParcel, newParcel, PARCEL_FIELDS, type ParcelRecord } from './parcels';

export interface ParcelSettings {
  returnShare: number;
  timeoutAfterAcceptRate: number;
  timeoutAfterAcceptMs: number;
}

/** What an edit may change: what a creation must send, a stop desk and what to collect in exchange. */
const EDITABLE = [...PARCEL_FIELDS, 'stopdesk_id', 'product_to_collect'] as const;
/** What a creation or an edit may not change. */
const KEPT = [
  'tracking',
  'import_id',
  'date_creation',
  'date_expedition',
  'date_last_status',
  'last_status',
  'payment_status',
  'payment_id',
  'label',
  'pin',
];

const baseUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const byNewest = { by: 'date_creation' as const, descending: true };

/** `/v1/parcels` (create as a JSON array with partial success, read, list, edit, delete) and `/v1/histories`. */
export function parcelRoutes(app: FastifyInstance, book: ParcelBook, settings: () => ParcelSettings): void {
  let imports = 0;

  app.post('/v1/parcels', async (request, reply) => {
    const items = request.body;
    if (!Array.isArray(items) || items.length === 0)
      return fail(reply, 400, 'The body must be a JSON array of one or more parcels');
    const keys = items.map((item: Record<string, unknown>, index) => String(item?.order_id ?? index));
    const repeated = keys.find((key, index) => keys.indexOf(key) !== index);
    if (repeated !== undefined)
      return fail(reply, 400, `The order_id ${repeated} is used twice in this request`);

    const importId = ++imports;
    const labels = importLabelsUrl(baseUrl(request), importId);
    const answer: Record<string, unknown> = {};
    items.forEach((item: unknown, index) => {
      const checked =
        item && typeof item === 'object' ? checkParcel(item as Record<string, unknown>) : 'Not a parcel';
      const orderId = keys[index];
      if (typeof checked === 'string') {
        answer[orderId] = {
          success: false,
          order_id: orderId,
          tracking: null,
          import_id: null,
          label: null,
          labels: null,
          message: checked,
        };
        return;
      }
      const record = newParcel(checked, importId, baseUrl(request));
      book.add(record, Math.random() < settings().returnShare);
      answer[orderId] = {
        success: true,
        order_id: orderId,
        tracking: record.tracking,
        import_id: importId,
        label: record.label,
        labels,
        message: '',
      };
    });
    const { timeoutAfterAcceptRate, timeoutAfterAcceptMs } = settings();
    if (timeoutAfterAcceptRate > 0 && Math.random() < timeoutAfterAcceptRate)
      await sleep(timeoutAfterAcceptMs);
    return answer;
  });

  app.get('/v1/parcels', async (request) => listAnswer(request, book.records(), byNewest));
  app.get<{ Params: { tracking: string } }>('/v1/parcels/:tracking', async (request) =>
    listAnswer(request, book.records(), byNewest, { tracking: request.params.tracking }),
  );

  app.patch<{ Params: { tracking: string } }>('/v1/parcels/:tracking', async (request, reply) => {
    const current = book.get(request.params.tracking);
    if (!current) return fail(reply, 404, `No parcel has the tracking ${request.params.tracking}`);
    if (!book.isEditable(current.tracking))
      return fail(reply, 400, 'A parcel can be edited only while its status is En préparation');
    const changes = (request.body ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(changes).find((key) => !(EDITABLE as readonly string[]).includes(key));
    if (unknown) return fail(reply, 400, `The ${unknown} parameter cannot be edited`);
    const merged: Record<string, unknown> = Object.fromEntries(
      EDITABLE.map((key) => [key, current[key as keyof ParcelRecord]]),
    );
    Object.assign(merged, changes);
    const checked = checkParcel(merged);
    if (typeof checked === 'string') return fail(reply, 400, checked);
    const fresh = newParcel(checked, current.import_id, baseUrl(request));
    const edited = Object.fromEntries(Object.entries(fresh).filter(([key]) => !KEPT.includes(key)));
    return book.edit(current.tracking, edited);
  });

  const remove = (trackings: string[]) =>
    trackings.map((tracking) => {
      const deleted = book.get(tracking) !== undefined && book.isEditable(tracking);
      if (deleted) book.delete(tracking);
      return { tracking, deleted };
    });
  app.delete<{ Params: { tracking: string } }>('/v1/parcels/:tracking', async (request) =>
    remove([request.params.tracking]),
  );
  app.delete<{ Querystring: { tracking?: string } }>('/v1/parcels', async (request, reply) => {
    const trackings = (request.query.tracking ?? '').split(',').filter(Boolean);
    if (trackings.length === 0) return fail(reply, 400, 'The tracking parameter is required');
    return remove(trackings);
  });

  const byLatest = { by: 'date_status' as const, descending: true };
  app.get('/v1/histories', async (request) => listAnswer(request, book.histories(), byLatest));
  app.get<{ Params: { tracking: string } }>('/v1/histories/:tracking', async (request) =>
    listAnswer(request, book.histories(), byLatest, { tracking: request.params.tracking }),
  );
}
