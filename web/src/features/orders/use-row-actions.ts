import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { expectOwnSave } from '../../lib/own-saves';
import type { FieldErrors } from '../../lib/validation';
import { addNote, setStatus, updateOrder } from './api';
import { cancelDuplicate } from './customer-api';
import { draftOf, editOf, type OrderDraft } from './edit';
import { orderFailure } from './failure';
import { draftFieldErrors, type DraftField } from './field-errors';
import type { EditableStatus } from './statuses';
import type { Order } from './types';
import { i18n } from '../../i18n/i18n';

type ById<T> = Record<string, T>;
const without = <T>(map: ById<T>, id: string): ById<T> => {
  const { [id]: _dropped, ...rest } = map;
  return rest;
};

interface CacheUpdates {
  replace: (orderId: string, change: (order: Order) => Order) => unknown;
  reload: () => unknown;
  /** Says that a save, a note or a status change worked ("Order 00042 saved"). */
  onDone?: (text: string) => void;
}

/**
 * Row and card editing, status taps and notes, kept above the rows so a row scrolled out of the
 * virtual window and back keeps its inputs. Each order has its own draft, note, failure line and
 * field errors.
 */
export function useRowActions({ replace, reload, onDone }: CacheUpdates) {
  const [drafts, setDrafts] = useState<ById<OrderDraft>>({});
  const [notes, setNotes] = useState<ById<string>>({});
  const [failures, setFailures] = useState<ById<string>>({});
  const [fieldErrors, setFieldErrors] = useState<ById<FieldErrors<DraftField>>>({});
  const [busy, setBusy] = useState<ById<true>>({});

  const fail = (id: string, text?: string) =>
    setFailures((current) => (text ? { ...current, [id]: text } : without(current, id)));
  const work = (id: string, on: boolean) =>
    setBusy((current) => (on ? { ...current, [id]: true } : without(current, id)));
  const endEdit = (id: string) => {
    setDrafts((current) => without(current, id));
    setFieldErrors((current) => without(current, id));
  };
  const closeNote = (id: string) => setNotes((current) => without(current, id));

  /** What a refused save shows: the field's own line for a 400 naming it, else the red line. */
  function refused(order: Order, error: unknown, fallback: string) {
    const fields = draftFieldErrors(error);
    if (fields && drafts[order._id]) {
      console.error(fallback, error);
      setFieldErrors((current) => ({ ...current, [order._id]: fields }));
      fail(order._id);
      return;
    }
    fail(order._id, i18n.t('orders.failure_of', { ref: order.ref, failure: orderFailure(error, fallback) }));
    // Someone else changed it first: show their version, to edit again from there.
    if (error instanceof ApiError && error.status === 409) {
      endEdit(order._id);
      reload();
    }
  }

  async function save(order: Order) {
    const draft = drafts[order._id];
    if (!draft) return;
    const edit = editOf(order, draft);
    if (!edit) return endEdit(order._id);
    work(order._id, true);
    expectOwnSave(order._id, edit.status);
    try {
      const updated = await updateOrder(order._id, edit);
      replace(order._id, () => updated);
      endEdit(order._id);
      fail(order._id);
      onDone?.(i18n.t('orders.saved', { ref: order.ref }));
    } catch (error) {
      refused(order, error, i18n.t('orders.failures.save'));
    } finally {
      work(order._id, false);
    }
  }

  /** One tap on a card; answers the saved order, or undefined when it was refused. */
  async function saveStatus(
    order: Order,
    status: EditableStatus,
    callbackAt?: string,
  ): Promise<Order | undefined> {
    work(order._id, true);
    expectOwnSave(order._id, status);
    try {
      const updated = await setStatus(order, status, callbackAt);
      replace(order._id, () => updated);
      fail(order._id);
      onDone?.(i18n.t('orders.status_set', { ref: order.ref, status: i18n.t(`status.${status}`) }));
      return updated;
    } catch (error) {
      refused(order, error, i18n.t('orders.failures.save'));
      return undefined;
    } finally {
      work(order._id, false);
    }
  }

  async function cancelAsDuplicate(order: Order) {
    work(order._id, true);
    try {
      const updated = await cancelDuplicate(order._id);
      replace(order._id, () => updated);
      fail(order._id);
      onDone?.(i18n.t('orders.cancelled_duplicate', { ref: order.ref }));
    } catch (error) {
      fail(
        order._id,
        i18n.t('orders.failure_of', {
          ref: order.ref,
          failure: orderFailure(error, i18n.t('orders.failures.cancel')),
        }),
      );
    } finally {
      work(order._id, false);
    }
  }

  async function submitNote(order: Order) {
    const note = (notes[order._id] ?? '').trim();
    if (!note) return closeNote(order._id);
    work(order._id, true);
    expectOwnSave(order._id, order.status);
    try {
      const saved = await addNote(order._id, note);
      replace(order._id, (current) => ({ ...current, notes: saved }));
      closeNote(order._id);
      fail(order._id);
      onDone?.(i18n.t('orders.note_added', { ref: order.ref }));
    } catch (error) {
      fail(
        order._id,
        i18n.t('orders.failure_of', {
          ref: order.ref,
          failure: orderFailure(error, i18n.t('orders.failures.note')),
        }),
      );
    } finally {
      work(order._id, false);
    }
  }

  return {
    drafts,
    notes,
    failures,
    fieldErrors,
    busy,
    startEdit: (order: Order) => setDrafts((current) => ({ ...current, [order._id]: draftOf(order) })),
    changeDraft: (id: string, change: Partial<OrderDraft>) =>
      setDrafts((current) => (current[id] ? { ...current, [id]: { ...current[id], ...change } } : current)),
    cancelEdit: endEdit,
    save,
    saveStatus,
    cancelAsDuplicate,
    openNote: (id: string) => setNotes((current) => ({ ...current, [id]: '' })),
    changeNote: (id: string, text: string) => setNotes((current) => ({ ...current, [id]: text })),
    cancelNote: closeNote,
    submitNote,
    /** Clears an order's red line (a card that left the screen). */
    clearFailure: (id: string) => fail(id),
  };
}

export type RowActions = ReturnType<typeof useRowActions>;
