import { useEffect, useRef, useState } from 'react';
import { FailureLine } from '../../../components/ui/FailureLine';
import { AvailabilityToggle } from '../../workspace/components/AvailabilityToggle';
import { orderFailure } from '../failure';
import { formatTotal } from '../format';
import { claimOrder, releaseClaim, takeNextOrder, useQueue } from '../queue-api';
import type { Order } from '../types';
import { useCallOutcomes } from '../use-call-outcomes';
import { useRowActions } from '../use-row-actions';
import { attemptsShown, callbackText, placeText } from '../workspace-format';
import { OrderCardFor } from './OrderCards';
import { QueueCounts } from './QueueCounts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A claim lasts the store's claim minutes (10 by default): renewed well before it runs out. */
const RENEW_MS = 60_000;

interface QueueViewProps {
  storeId?: string;
  myId?: string;
  isOwner: boolean;
  onDone: (text: string) => void;
}

/**
 * "À appeler": whom to call now (callbacks due, new orders oldest first, then retries), how many
 * wait in each bucket, and "Next order", which claims the next one for this agent.
 */
export function QueueView({ storeId, myId, isOwner, onDone }: QueueViewProps) {
  const { t } = useTranslation();
  const { data: queue, error, mutate } = useQueue(storeId);
  const [current, setCurrent] = useState<Order>();
  const [failure, setFailure] = useState<string>();
  const [empty, setEmpty] = useState(false);
  const [taking, setTaking] = useState(false);
  const [refused, setRefused] = useState<Order>();

  const replace = (orderId: string, change: (order: Order) => Order) =>
    setCurrent((order) => (order && order._id === orderId ? change(order) : order));
  const actions = useRowActions({ replace, reload: () => mutate(), onDone });
  const outcomes = useCallOutcomes({
    actions,
    replace,
    onDone,
    // Saving ends the claim: the order leaves the screen and the queue moves on.
    afterSave: () => {
      setCurrent(undefined);
      void mutate();
    },
  });

  const currentId = current?._id;
  useEffect(() => {
    if (!currentId) return;
    const timer = setInterval(() => void claimOrder(currentId).catch(() => undefined), RENEW_MS);
    return () => clearInterval(timer);
  }, [currentId]);
  // Leaving the screen hands the order back at once rather than at the claim's expiry.
  const held = useRef<string>(undefined);
  held.current = currentId;
  useEffect(() => () => void (held.current && releaseClaim(held.current).catch(() => undefined)), []);

  async function next() {
    setTaking(true);
    setFailure(undefined);
    setEmpty(false);
    try {
      const order = await takeNextOrder(storeId);
      if (order) setCurrent(order);
      else setEmpty(true);
      void mutate();
    } catch (failed) {
      setFailure(orderFailure(failed, t('queue.failures.take_next')));
    } finally {
      setTaking(false);
    }
  }

  async function open(order: Order, takeover = false) {
    setFailure(undefined);
    setRefused(undefined);
    try {
      const claim = await claimOrder(order._id, takeover);
      if (current && current._id !== order._id) void releaseClaim(current._id).catch(() => undefined);
      setCurrent({ ...order, claim });
    } catch (failed) {
      setFailure(orderFailure(failed, t('queue.failures.open')));
      if (isOwner) setRefused(order);
      void mutate();
    }
  }

  async function release() {
    if (!current) return;
    const id = current._id;
    setCurrent(undefined);
    try {
      await releaseClaim(id);
    } catch (failed) {
      setFailure(orderFailure(failed, t('queue.failures.hand_back')));
    }
    void mutate();
  }

  const waiting = (queue?.orders ?? []).filter((order) => order._id !== currentId);
  return (
    <section aria-label={t('queue.title')} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold">{t('queue.title')}</h2>
        {!isOwner && <AvailabilityToggle />}
      </div>
      {queue && <QueueCounts counts={queue.counts} />}
      {error && <FailureLine text={orderFailure(error, t('queue.failures.load'))} />}
      {failure && <FailureLine text={failure} />}
      {refused && (
        <button
          type="button"
          onClick={() => void open(refused, true)}
          className="min-h-11 rounded-md border border-sky-600 px-3 text-sm font-medium text-sky-800"
        >
          {t('queue.take_over', { ref: refused.ref })}
        </button>
      )}
      {current ? (
        <OrderCardFor
          order={current}
          myId={myId}
          actions={actions}
          onStatus={outcomes.tap}
          onDelivery={outcomes.openDelivery}
        >
          <button
            type="button"
            onClick={() => void release()}
            className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            {t('queue.hand_back')}
          </button>
        </OrderCardFor>
      ) : (
        <button
          type="button"
          disabled={taking}
          onClick={() => void next()}
          className="min-h-12 rounded-lg bg-emerald-700 px-4 text-lg font-semibold text-white shadow hover:bg-emerald-800 disabled:opacity-60"
        >
          {t('queue.next')}
        </button>
      )}
      {empty && !current && <p className="text-slate-600">{t('queue.nobody')}</p>}
      {queue && waiting.length > 0 && (
        <ol aria-label={t('queue.list')} className="flex flex-col gap-2">
          {waiting.map((order) => (
            <li key={order._id}>
              <QueueItem order={order} onOpen={() => void open(order)} />
            </li>
          ))}
        </ol>
      )}
      {queue && waiting.length === 0 && !current && !empty && (
        <p className="text-slate-600">{t('queue.nobody')}</p>
      )}
      {outcomes.dialogs}
    </section>
  );
}

function bucketOf(order: Order, t: TFunction): { text: string; tone: string } {
  const callback = callbackText(order);
  if (callback?.overdue)
    return { text: `${callback.text} · ${t('queue.overdue')}`, tone: 'text-red-700 font-semibold' };
  if (callback) return { text: callback.text, tone: 'text-amber-800' };
  if (order.status === 'pending') return { text: t('queue.new'), tone: 'text-emerald-800' };
  return { text: attemptsShown(order) ?? t('queue.retry'), tone: 'text-slate-700' };
}

/** One waiting order; a tap opens it and claims it for this agent. */
function QueueItem({ order, onOpen }: { order: Order; onOpen: () => void }) {
  const { t } = useTranslation();
  const bucket = bucketOf(order, t);
  return (
    <button
      type="button"
      data-testid="queue-item"
      aria-label={t('queue.open', { ref: order.ref, name: order.customer.full_name })}
      onClick={onOpen}
      className={`flex min-h-11 w-full min-w-0 flex-col gap-0.5 rounded-lg border bg-white px-3 py-2 text-start hover:border-emerald-600 ${order.blacklisted ? 'border-red-500' : 'border-slate-200'}`}
    >
      <span className="flex w-full items-baseline justify-between gap-2">
        <span className="min-w-0 break-words font-semibold">{order.customer.full_name}</span>
        <span className="ltr-number shrink-0 text-sm">{formatTotal(order)}</span>
      </span>
      <span className="text-xs text-slate-600">
        <span className="font-mono">{order.ref}</span> · {placeText(order)}
      </span>
      <span className={`text-xs ${bucket.tone}`}>
        {bucket.text}
        {order.proposeCancel && ` · ${t('queue.propose_cancel_short')}`}
        {order.blacklisted && ` · ${t('queue.blacklisted')}`}
      </span>
    </button>
  );
}
