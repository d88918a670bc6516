import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../components/ui/ConfirmDialog';
import { FailureLine } from '../components/ui/FailureLine';
import { Toast, useToast } from '../components/ui/Toast';
import { LabelsButtonLazy } from '../features/delivery/components/LabelsButtonLazy';
import { SaisieProgress } from '../features/delivery/components/SaisieProgress';
import { useSaisie } from '../features/delivery/use-saisie';
import { countToConfirm, deleteOrders, deleteOrdersMatching, useOrders } from '../features/orders/api';
import { FilterBar } from '../features/orders/components/FilterBar';
import { HistoryDialog } from '../features/orders/components/HistoryDialog';
import { OrderCards } from '../features/orders/components/OrderCards';
import { OrdersTable } from '../features/orders/components/OrdersTable';
import { QueueView } from '../features/orders/components/QueueView';
import { SelectAllBanner } from '../features/orders/components/SelectAllBanner';
import { ViewTabs, type OrdersView } from '../features/orders/components/ViewTabs';
import { orderFailure } from '../features/orders/failure';
import { bulkFilter } from '../features/orders/filters';
import { totalText } from '../features/orders/format';
import { formatCount } from '../i18n/format';
import { useOrderFilters } from '../features/orders/hooks';
import type { Order } from '../features/orders/types';
import { useCallOutcomes } from '../features/orders/use-call-outcomes';
import { useRowActions } from '../features/orders/use-row-actions';
import { useStores } from '../features/stores/api';
import { useIsPhone } from '../lib/use-is-phone';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLiveOrders } from '../lib/use-live-orders';
import { useTranslation } from 'react-i18next';

export default function OrdersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('orders.title'));
  const user = useSession().user;
  const isOwner = user?.type === 'owner';
  const isPhone = useIsPhone();
  const [params, setParams] = useSearchParams();
  // An agent's phone opens on the queue; everyone else on the orders.
  const view: OrdersView =
    (params.get('view') as OrdersView | null) ?? (isPhone && !isOwner ? 'queue' : 'all');
  const setView = (next: OrdersView) =>
    setParams((current) => {
      const changed = new URLSearchParams(current);
      changed.set('view', next);
      return changed;
    });

  const [chosenFilters, setFilter] = useOrderFilters();
  // The pickers show a choice at once; the list of a hundred cards follows in a render of its own.
  const filters = useDeferredValue(chosenFilters);
  const { orders, total, error, hasMore, loadingMore, loadMore, replace, reload } = useOrders(filters);
  // Orders arriving, claimed or changed by others show up without a reload (polling meanwhile).
  useLiveOrders(reload);
  const [toast, showToast] = useToast();
  const actions = useRowActions({ replace, reload, onDone: showToast });
  const outcomes = useCallOutcomes({ actions, replace, onDone: showToast });
  const { data: stores } = useStores(isOwner);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  /** Every order matching the filters, not only those loaded. */
  const [allMatching, setAllMatching] = useState(false);
  const [confirming, setConfirming] = useState(false);
  /** More orders match than the dialog showed: the count the server asks to confirm. */
  const [recount, setRecount] = useState<number>();
  const [historyOf, setHistoryOf] = useState<string>();
  const [loadFailure, setLoadFailure] = useState<string>();
  const [deleteFailure, setDeleteFailure] = useState<string>();

  useEffect(() => {
    setLoadFailure(error ? orderFailure(error, t('orders.failures.load')) : undefined);
  }, [error, t]);
  // Another filter shows other orders: what was picked under the old one is dropped.
  useEffect(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, [filters]);

  const clearSelection = useCallback(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, []);
  const afterSaisie = useCallback(() => {
    clearSelection();
    void reload();
  }, [clearSelection, reload]);
  const saisie = useSaisie(afterSaisie);
  const [saisieShown, setSaisieShown] = useState(false);
  const refs = useMemo(() => new Map((orders ?? []).map((order) => [order._id, order.ref])), [orders]);

  const onLoadMore = useCallback(() => {
    if (hasMore) loadMore();
  }, [hasMore, loadMore]);

  const toggle = (order: Order) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(order._id)) next.add(order._id);
      return next;
    });
  };
  const selectAll = (all: boolean) => {
    setAllMatching(false);
    setSelected(new Set(all ? (orders ?? []).map((order) => order._id) : []));
  };
  const picked = allMatching ? (total?.count ?? 0) : selected.size;
  const pickedText = allMatching && total ? `${formatCount(total.count)}${total.exact ? '' : '+'}` : '';

  async function confirmDelete() {
    setConfirming(false);
    const confirmed = recount ?? picked;
    setRecount(undefined);
    try {
      const deleted = allMatching
        ? (await deleteOrdersMatching(filters, confirmed)).deletedIds
        : await deleteOrders([...selected]);
      clearSelection();
      setDeleteFailure(undefined);
      showToast(t('orders.deleted', { count: deleted.length, formatted: formatCount(deleted.length) }));
    } catch (failure) {
      const asked = countToConfirm(failure);
      if (asked !== undefined) {
        // Nothing was deleted: the dialog asks again with the server's count.
        setRecount(asked);
        setConfirming(true);
        return;
      }
      setDeleteFailure(orderFailure(failure, t('orders.failures.delete')));
    }
    await reload();
  }

  const rowFailures = Object.entries(actions.failures);
  const selection = picked ? ` (${allMatching ? pickedText : formatCount(picked)})` : '';
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('orders.title')}</h1>
          {total && view === 'all' && (
            <p data-testid="orders-total" className="text-sm text-slate-600">
              {totalText(total.count, total.exact)}
            </p>
          )}
        </div>
        {isOwner && view === 'all' && (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={picked === 0 || saisie.running}
              onClick={() => {
                setSaisieShown(true);
                void saisie.start(
                  allMatching ? { filter: bulkFilter(filters) } : { orderIds: [...selected] },
                );
              }}
              className="min-h-11 rounded-md bg-emerald-700 px-3 py-2 text-sm font-medium text-white hover:bg-emerald-800 disabled:opacity-50"
            >
              {t('orders.saisie', { selection })}
            </button>
            <LabelsButtonLazy
              target={!allMatching && selected.size > 0 ? { orderIds: [...selected] } : undefined}
            />
            <button
              type="button"
              disabled={picked === 0}
              onClick={() => setConfirming(true)}
              className="min-h-11 rounded-md border border-red-300 px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
            >
              {t('orders.delete_selected', { selection })}
            </button>
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <ViewTabs view={view} onChange={setView} />
        {isOwner && (
          <Link
            to="/workspace-settings"
            className="min-h-11 content-center px-2 text-sm font-medium text-emerald-800 hover:underline"
          >
            {t('orders.workspace_settings')}
          </Link>
        )}
      </div>
      {view === 'queue' ? (
        <QueueView
          storeId={chosenFilters.storeId || undefined}
          myId={user?._id}
          isOwner={isOwner}
          onDone={showToast}
        />
      ) : (
        <>
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
          <FilterBar filters={chosenFilters} onChange={setFilter} stores={stores} />
          {loadFailure && <FailureLine text={loadFailure} />}
          {deleteFailure && <FailureLine text={deleteFailure} />}
          {!isPhone && rowFailures.map(([id, text]) => <FailureLine key={id} text={text} />)}
          {isOwner && !isPhone && orders && total && (
            <SelectAllBanner
              loaded={orders.length}
              selected={selected.size}
              total={total}
              allMatching={allMatching}
              onSelectAllMatching={() => setAllMatching(true)}
              onClear={clearSelection}
            />
          )}
          {orders === undefined ? (
            !error && <p className="text-slate-600">{t('orders.loading')}</p>
          ) : orders.length === 0 ? (
            <p className="text-slate-600">{t('orders.none')}</p>
          ) : isPhone ? (
            <OrderCards
              orders={orders}
              myId={user?._id}
              actions={actions}
              hasMore={hasMore}
              loadingMore={loadingMore}
              onLoadMore={onLoadMore}
              onStatus={outcomes.tap}
              onDelivery={outcomes.openDelivery}
            />
          ) : (
            <OrdersTable
              orders={orders}
              isOwner={isOwner}
              myId={user?._id}
              selected={allMatching ? new Set(orders.map((order) => order._id)) : selected}
              actions={actions}
              loadingMore={loadingMore}
              onLoadMore={onLoadMore}
              onSelect={toggle}
              onSelectAll={selectAll}
              onHistory={(order) => setHistoryOf(order._id)}
              onDelivery={outcomes.openDelivery}
            />
          )}
        </>
      )}
      {outcomes.dialogs}
      <HistoryDialog
        order={historyOf ? orders?.find((order) => order._id === historyOf) : undefined}
        onClose={() => setHistoryOf(undefined)}
      />
      <ConfirmDialog
        open={confirming}
        title={t('orders.delete_title')}
        question={
          recount !== undefined
            ? t('orders.delete_all_matching', { matching: formatCount(recount) })
            : allMatching
              ? t('orders.delete_all_matching', { matching: pickedText })
              : t('orders.delete_question', { count: selected.size, formatted: formatCount(selected.size) })
        }
        confirmLabel={t('orders.delete')}
        onConfirm={confirmDelete}
        onClose={() => {
          setConfirming(false);
          setRecount(undefined);
        }}
      />
      <Toast text={toast} />
    </div>
  );
}
