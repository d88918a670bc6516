import { Link } from 'react-router';
import { useLiveOrders } from '../../../lib/use-live-orders';
import { AvailabilityToggle } from '../../workspace/components/AvailabilityToggle';
import { useQueue } from '../queue-api';
import { QueueCounts } from './QueueCounts';
import { useTranslation } from 'react-i18next';

/** The agent's dashboard: how many wait in each bucket of "À appeler", and the way in. */
export function QueueSummary() {
  const { t } = useTranslation();
  const { data: queue } = useQueue();
  useLiveOrders();
  return (
    <section
      aria-labelledby="queue-summary"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="queue-summary" className="text-lg font-semibold">
        {t('queue.title')}
      </h2>
      {queue && <QueueCounts counts={queue.counts} />}
      <AvailabilityToggle />
      <Link
        to="/orders?view=queue"
        className="flex min-h-12 items-center justify-center rounded-lg bg-emerald-700 px-4 text-lg font-semibold text-white hover:bg-emerald-800"
      >
        {t('queue.next')}
      </Link>
    </section>
  );
}
