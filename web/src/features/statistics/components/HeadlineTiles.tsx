import type { StatisticsView } from '../api';
import { formatCount, formatDzd, formatRate } from '../format';
import { Definition } from './Definition';

interface Tile {
  id: string;
  label: string;
  value: string;
  detail: string;
  definition: string;
}

function tilesOf({ totals, definitions }: StatisticsView): Tile[] {
  const count = formatCount;
  return [
    {
      id: 'orders',
      label: 'Orders',
      value: count(totals.orders),
      detail: `${count(totals.handled)} handled`,
      definition: definitions.orders,
    },
    {
      id: 'confirmation-rate',
      label: 'Confirmation rate',
      value: formatRate(totals.confirmationRate),
      detail: `${count(totals.confirmed)} confirmed of ${count(totals.handled)} handled`,
      definition: definitions.confirmationRate,
    },
    {
      id: 'delivery-rate',
      label: 'Delivery rate',
      value: formatRate(totals.deliveryRate),
      detail: `${count(totals.delivered)} livrée of ${count(totals.sent)} sent`,
      definition: definitions.deliveryRate,
    },
    {
      id: 'return-rate',
      label: 'Return rate',
      value: formatRate(totals.returnRate),
      detail: `${count(totals.returned)} retour of ${count(totals.sent)} sent`,
      definition: definitions.returnRate,
    },
    {
      id: 'revenue-delivered',
      label: 'Revenue delivered',
      value: formatDzd(totals.revenueDelivered),
      detail: `${count(totals.delivered)} orders livrée`,
      definition: definitions.revenueDelivered,
    },
    {
      id: 'revenue-in-transit',
      label: 'Revenue in transit',
      value: formatDzd(totals.revenueInTransit),
      detail: `${count(totals.inTransit)} orders on their way`,
      definition: definitions.revenueInTransit,
    },
  ];
}

export function HeadlineTiles({ view }: { view: StatisticsView }) {
  return (
    <dl aria-label="Headline figures" className="grid grid-cols-2 gap-3 md:grid-cols-3">
      {tilesOf(view).map((tile) => (
        <div
          key={tile.id}
          data-testid={`tile-${tile.id}`}
          className="flex flex-col rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
        >
          <dt className="flex items-center text-sm font-medium text-slate-600">
            {tile.label}
            <Definition term={tile.label.toLowerCase()} text={tile.definition} />
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
