import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { addNote, updateOrder } from './api';
import { draftOf, editOf, type OrderDraft } from './edit';
import { orderFailure } from './failure';
import type { Order } from './types';

type ById<T> = Record<string, T>;
const without = <T>(map: ById<T>, id: string): ById<T> => {
  const { [id]: _dropped, ...rest } = map;
  return rest;
};

interface CacheUpdates {
  replace: (orderId: string, change: (order: Order) => Order) => unknown;
  reload: () => unknown;
}

/**
 * Row editing and notes, kept above the rows so a row scrolled out of the virtual window and back
 * keeps its inputs. Each row has its own draft, note and failure line.
 */
export function useRowActions({ replace, reload }: CacheUpdates) {
  const [drafts, setDrafts] = useState<ById<OrderDraft>>({});
  const [notes, setNotes] = useState<ById<string>>({});
  const [failures, setFailures] = useState<ById<string>>({});
  const [busy, setBusy] = useState<ById<true>>({});

  const fail = (id: string, text?: string) =>
    setFailures((current) => (text ? { ...current, [id]: text } : without(current, id)));
  const work = (id: string, on: boolean) =>
    setBusy((current) => (on ? { ...current, [id]: true } : without(current, id)));
  const endEdit = (id: string) => setDrafts((current) => without(current, id));
  const closeNote = (id: string) => setNotes((current) => without(current, id));

  async function save(order: Order) {
    const draft = drafts[order._id];
    if (!draft) return;
    const edit = editOf(order, draft);
    if (!edit) return endEdit(order._id);
    work(order._id, true);
    try {
      const updated = await updateOrder(order._id, edit);
      replace(order._id, () => updated);
      endEdit(order._id);
      fail(order._id);
    } catch (error) {
      fail(order._id, `Order ${order.ref}: ${orderFailure(error, 'Could not save the order.')}`);
      // Someone else changed it first: show their version, to edit again from there.
      if (error instanceof ApiError && error.status === 409) {
        endEdit(order._id);
        reload();
      }
    } finally {
      work(order._id, false);
    }
  }

  async function submitNote(order: Order) {
    const note = (notes[order._id] ?? '').trim();
    if (!note) return closeNote(order._id);
    work(order._id, true);
    try {
      const saved = await addNote(order._id, note);
      replace(order._id, (current) => ({ ...current, notes: saved }));
      closeNote(order._id);
      fail(order._id);
    } catch (error) {
      fail(order._id, `Order ${order.ref}: ${orderFailure(error, 'Could not add the note.')}`);
    } finally {
      work(order._id, false);
    }
  }

  return {
    drafts,
    notes,
    failures,
    busy,
    startEdit: (order: Order) => setDrafts((current) => ({ ...current, [order._id]: draftOf(order) })),
    changeDraft: (id: string, change: Partial<OrderDraft>) =>
      setDrafts((current) => (current[id] ? { ...current, [id]: { ...current[id], ...change } } : current)),
    cancelEdit: endEdit,
    save,
    openNote: (id: string) => setNotes((current) => ({ ...current, [id]: '' })),
    changeNote: (id: string, text: string) => setNotes((current) => ({ ...current, [id]: text })),
    cancelNote: closeNote,
    submitNote,
  };
}

export type RowActions = ReturnType<typeof useRowActions>;
