import type { StatisticsView } from '../api';
import { formatCount, formatRate, share } from '../format';
import { Definition } from './Definition';

interface Step {
  id: string;
  label: string;
  count: number;
  /** What the percentage is of: the step before. */
  of: { label: string; count: number };
  definition: string;
  color: string;
  /** Delivered and returned split the parcels sent. */
  split?: boolean;
}

function stepsOf({ totals, definitions }: StatisticsView): Step[] {
  const orders = { label: 'orders', count: totals.orders };
  const confirmed = { label: 'confirmed', count: totals.confirmed };
  const sent = { label: 'sent', count: totals.sent };
  return [
    {
      id: 'orders',
      label: 'Orders',
      count: totals.orders,
      of: orders,
      definition: definitions.orders,
      color: 'bg-sky-700',
    },
    {
      id: 'confirmed',
      label: 'Confirmed',
      count: totals.confirmed,
      of: orders,
      definition: definitions.confirmed,
      color: 'bg-emerald-600',
    },
    {
      id: 'sent',
      label: 'Sent',
      count: totals.sent,
      of: confirmed,
      definition: definitions.sent,
      color: 'bg-sky-500',
    },
    {
      id: 'delivered',
      label: 'Delivered',
      count: totals.delivered,
      of: sent,
      definition: definitions.deliveryRate,
      color: 'bg-emerald-700',
      split: true,
    },
    {
      id: 'returned',
      label: 'Returned',
      count: totals.returned,
      of: sent,
      definition: definitions.returnRate,
      color: 'bg-red-600',
      split: true,
    },
  ];
}

/** From orders to parcels delivered or returned; each bar's length is its share of all orders. */
export function Funnel({ view }: { view: StatisticsView }) {
  const orders = view.totals.orders;
  return (
    <ol aria-label="Funnel" className="flex flex-col gap-3">
      {stepsOf(view).map((step) => {
        const width = share(step.count, orders) ?? 0;
        return (
          <li key={step.id} data-testid={`funnel-${step.id}`} className={step.split ? 'sm:pl-6' : undefined}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="flex items-center font-medium">
                {step.split && (
                  <span aria-hidden="true" className="me-1 text-slate-400">
                    ↳
                  </span>
                )}
                {step.label}
                <Definition term={step.label.toLowerCase()} text={step.definition} />
              </span>
              <span className="text-slate-600">
                <span data-testid="funnel-count" className="font-semibold text-slate-900">
                  {formatCount(step.count)}
                </span>
                {step.id !== 'orders' && (
                  <span data-testid="funnel-share">
                    {' '}
                    · {formatRate(share(step.count, step.of.count))} of {step.of.label}
                  </span>
                )}
              </span>
            </div>
            <div className="mt-1 h-3 w-full overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
              <div
                className={`h-full rounded-full ${step.color}`}
                style={{ width: `${width * 100}%`, minWidth: step.count > 0 ? '0.25rem' : 0 }}
              />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
