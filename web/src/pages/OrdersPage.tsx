import { useCallback, useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../components/ui/ConfirmDialog';
import { FailureLine } from '../components/ui/FailureLine';
import { DeliveryDialog } from '../features/delivery/components/DeliveryDialog';
import { SaisieProgress } from '../features/delivery/components/SaisieProgress';
import { useSaisie } from '../features/delivery/use-saisie';
import { deleteOrders, useOrders } from '../features/orders/api';
import { FilterBar } from '../features/orders/components/FilterBar';
import { HistoryDialog } from '../features/orders/components/HistoryDialog';
import { OrdersTable } from '../features/orders/components/OrdersTable';
import { orderFailure } from '../features/orders/failure';
import { totalText } from '../features/orders/format';
import { useOrderFilters } from '../features/orders/hooks';
import type { Order } from '../features/orders/types';
import { useRowActions } from '../features/orders/use-row-actions';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLiveOrders } from '../lib/use-live-orders';

export default function OrdersPage() {
  useDocumentTitle('Orders');
  const isOwner = useSession().user?.type === 'owner';
  const [filters, setFilter] = useOrderFilters();
  const { orders, total, error, hasMore, loadingMore, loadMore, replace, reload } = useOrders(filters);
  useLiveOrders(reload);
  const actions = useRowActions({ replace, reload });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [historyOf, setHistoryOf] = useState<string>();
  const [deliveryOf, setDeliveryOf] = useState<string>();
  const [loadFailure, setLoadFailure] = useState<string>();
  const [deleteFailure, setDeleteFailure] = useState<string>();

  useEffect(() => {
    setLoadFailure(error ? orderFailure(error, 'Could not load the orders.') : undefined);
  }, [error]);
  // Another filter shows other orders: what was picked under the old one is dropped.
  useEffect(() => setSelected(new Set()), [filters]);

  const afterSaisie = useCallback(() => {
    setSelected(new Set());
    void reload();
  }, [reload]);
  const saisie = useSaisie(afterSaisie);
  const [saisieShown, setSaisieShown] = useState(false);
  const refs = useMemo(() => new Map((orders ?? []).map((order) => [order._id, order.ref])), [orders]);

  const onLoadMore = useCallback(() => {
    if (hasMore) loadMore();
  }, [hasMore, loadMore]);

  const toggle = (order: Order) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(order._id)) next.add(order._id);
      return next;
    });
  const selectAll = (all: boolean) =>
    setSelected(new Set(all ? (orders ?? []).map((order) => order._id) : []));

  async function confirmDelete() {
    setConfirming(false);
    try {
      await deleteOrders([...selected]);
      setSelected(new Set());
      setDeleteFailure(undefined);
    } catch (failure) {
      setDeleteFailure(orderFailure(failure, 'Could not delete the orders.'));
    }
    await reload();
  }

  const rowFailures = Object.entries(actions.failures);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Orders</h1>
          {total && (
            <p data-testid="orders-total" className="text-sm text-slate-600">
              {totalText(total.count, total.exact)}
            </p>
          )}
        </div>
        {isOwner && (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={selected.size === 0 || saisie.running}
              onClick={() => {
                setSaisieShown(true);
                void saisie.start([...selected]);
              }}
              className="rounded-md bg-emerald-700 px-3 py-2 text-sm font-medium text-white hover:bg-emerald-800 disabled:opacity-50"
            >
              Saisie{selected.size ? ` (${selected.size})` : ''}
            </button>
            <button
              type="button"
              disabled={selected.size === 0}
              onClick={() => setConfirming(true)}
              className="rounded-md border border-red-300 px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
            >
              Delete selected{selected.size ? ` (${selected.size})` : ''}
            </button>
          </div>
        )}
      </div>
      {saisieShown && !saisie.failure && (
        <SaisieProgress
          job={saisie.job}
          refs={refs}
          onDismiss={() => {
            setSaisieShown(false);
            saisie.dismiss();
          }}
        />
      )}
      {saisie.failure && <FailureLine text={saisie.failure} />}
      <FilterBar filters={filters} onChange={setFilter} />
      {loadFailure && <FailureLine text={loadFailure} />}
      {deleteFailure && <FailureLine text={deleteFailure} />}
      {rowFailures.map(([id, text]) => (
        <FailureLine key={id} text={text} />
      ))}
      {orders === undefined ? (
        !error && <p className="text-slate-600">Loading…</p>
      ) : orders.length === 0 ? (
        <p className="text-slate-600">No orders match these filters.</p>
      ) : (
        <OrdersTable
          orders={orders}
          isOwner={isOwner}
          selected={selected}
          actions={actions}
          loadingMore={loadingMore}
          onLoadMore={onLoadMore}
          onSelect={toggle}
          onSelectAll={selectAll}
          onHistory={(order) => setHistoryOf(order._id)}
          onDelivery={(order) => setDeliveryOf(order._id)}
        />
      )}
      <DeliveryDialog
        key={deliveryOf}
        order={deliveryOf ? orders?.find((order) => order._id === deliveryOf) : undefined}
        onClose={() => setDeliveryOf(undefined)}
        onSaved={(orderId, delivery) => replace(orderId, (order) => ({ ...order, delivery }))}
      />
      <HistoryDialog
        order={historyOf ? orders?.find((order) => order._id === historyOf) : undefined}
        onClose={() => setHistoryOf(undefined)}
      />
      <ConfirmDialog
        open={confirming}
        title="Delete selected orders"
        question={`Are you sure you want to delete ${selected.size === 1 ? 'this order' : `these ${selected.size} orders`}? This action cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
