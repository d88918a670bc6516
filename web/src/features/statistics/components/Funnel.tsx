import type { StatisticsView } from '../api';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { formatCount, formatRate, share } from '../format';
import { definitionOf, type FigureDefinition } from '../definitions';
import { Definition } from './Definition';

interface Step {
  id: string;
  label: string;
  count: number;
  /** What the percentage is of: the step before. */
  of: { what: 'orders' | 'confirmed' | 'sent'; count: number };
  definition: FigureDefinition;
  color: string;
  /** Delivered and returned split the parcels sent. */
  split?: boolean;
}

function stepsOf({ totals, definitions }: StatisticsView): Step[] {
  const orders = { what: 'orders', count: totals.orders } as const;
  const confirmed = { what: 'confirmed', count: totals.confirmed } as const;
  const sent = { what: 'sent', count: totals.sent } as const;
  return [
    {
      id: 'orders',
      label: i18n.t('stats.steps.orders'),
      count: totals.orders,
      of: orders,
      definition: definitionOf(definitions, 'orders'),
      color: 'bg-sky-700',
    },
    {
      id: 'confirmed',
      label: i18n.t('stats.steps.confirmed'),
      count: totals.confirmed,
      of: orders,
      definition: definitionOf(definitions, 'confirmed'),
      color: 'bg-emerald-600',
    },
    {
      id: 'sent',
      label: i18n.t('stats.steps.sent'),
      count: totals.sent,
      of: confirmed,
      definition: definitionOf(definitions, 'sent'),
      color: 'bg-sky-500',
    },
    {
      id: 'delivered',
      label: i18n.t('stats.steps.delivered'),
      count: totals.delivered,
      of: sent,
      definition: definitionOf(definitions, 'deliveryRate'),
      color: 'bg-emerald-700',
      split: true,
    },
    {
      id: 'returned',
      label: i18n.t('stats.steps.returned'),
      count: totals.returned,
      of: sent,
      definition: definitionOf(definitions, 'returnRate'),
      color: 'bg-red-600',
      split: true,
    },
  ];
}

/** From orders to parcels delivered or returned; each bar's length is its share of all orders. */
export function Funnel({ view }: { view: StatisticsView }) {
  const { t } = useTranslation();
  const orders = view.totals.orders;
  return (
    <ol aria-label={t('stats.funnel')} className="flex flex-col gap-3">
      {stepsOf(view).map((step) => {
        const width = share(step.count, orders) ?? 0;
        return (
          <li key={step.id} data-testid={`funnel-${step.id}`} className={step.split ? 'sm:ps-6' : undefined}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="flex items-center font-medium">
                {step.split && (
                  <span aria-hidden="true" className="me-1 inline-block text-slate-400 rtl:-scale-x-100">
                    ↳
                  </span>
                )}
                {step.label}
                <Definition term={step.label} {...step.definition} />
              </span>
              <span className="text-slate-600">
                <span data-testid="funnel-count" className="font-semibold text-slate-900">
                  {formatCount(step.count)}
                </span>
                {step.id !== 'orders' && (
                  <span data-testid="funnel-share">
                    {' '}
                    ·{' '}
                    {t('stats.of', {
                      rate: formatRate(share(step.count, step.of.count)),
                      what: t(`stats.of_what.${step.of.what}`),
                    })}
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
