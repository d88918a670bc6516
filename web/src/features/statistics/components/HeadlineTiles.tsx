import type { StatisticsView } from '../api';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { formatCount, formatDzd, formatRate } from '../format';
import { definitionOf, type FigureDefinition } from '../definitions';
import { Definition } from './Definition';

interface Tile {
  id: string;
  label: string;
  value: string;
  detail: string;
  definition: FigureDefinition;
}

function tilesOf({ totals, definitions }: StatisticsView): Tile[] {
  const count = formatCount;
  return [
    {
      id: 'orders',
      label: i18n.t('stats.tiles.orders'),
      value: count(totals.orders),
      detail: i18n.t('stats.detail.handled', { handled: count(totals.handled) }),
      definition: definitionOf(definitions, 'orders'),
    },
    {
      id: 'confirmation-rate',
      label: i18n.t('stats.tiles.confirmation-rate'),
      value: formatRate(totals.confirmationRate),
      detail: i18n.t('stats.detail.confirmed', {
        confirmed: count(totals.confirmed),
        handled: count(totals.handled),
      }),
      definition: definitionOf(definitions, 'confirmationRate'),
    },
    {
      id: 'delivery-rate',
      label: i18n.t('stats.tiles.delivery-rate'),
      value: formatRate(totals.deliveryRate),
      detail: i18n.t('stats.detail.delivered', {
        delivered: count(totals.delivered),
        sent: count(totals.sent),
      }),
      definition: definitionOf(definitions, 'deliveryRate'),
    },
    {
      id: 'return-rate',
      label: i18n.t('stats.tiles.return-rate'),
      value: formatRate(totals.returnRate),
      detail: i18n.t('stats.detail.returned', { returned: count(totals.returned), sent: count(totals.sent) }),
      definition: definitionOf(definitions, 'returnRate'),
    },
    {
      id: 'revenue-delivered',
      label: i18n.t('stats.tiles.revenue-delivered'),
      value: formatDzd(totals.revenueDelivered),
      detail: i18n.t('stats.detail.revenue_delivered', { delivered: count(totals.delivered) }),
      definition: definitionOf(definitions, 'revenueDelivered'),
    },
    {
      id: 'revenue-in-transit',
      label: i18n.t('stats.tiles.revenue-in-transit'),
      value: formatDzd(totals.revenueInTransit),
      detail: i18n.t('stats.detail.in_transit', { inTransit: count(totals.inTransit) }),
      definition: definitionOf(definitions, 'revenueInTransit'),
    },
  ];
}

export function HeadlineTiles({ view }: { view: StatisticsView }) {
  const { t } = useTranslation();
  return (
    <dl aria-label={t('stats.headline')} className="grid grid-cols-2 gap-3 md:grid-cols-3">
      {tilesOf(view).map((tile) => (
        <div
          key={tile.id}
          data-testid={`tile-${tile.id}`}
          className="flex flex-col rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
        >
          <dt className="flex items-center text-sm font-medium text-slate-600">
            {tile.label}
            <Definition term={tile.label} {...tile.definition} />
          </dt>
          <dd data-testid="tile-value" className="mt-1 text-xl font-bold break-words sm:text-2xl">
            {tile.value}
          </dd>
          <dd className="text-xs text-slate-500">{tile.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
