import type { QueueCounts as Counts } from '../queue-api';
import { useTranslation } from 'react-i18next';

const BUCKETS: { key: keyof Counts; tone: string }[] = [
  { key: 'overdue', tone: 'bg-red-100 text-red-800' },
  { key: 'callbacks', tone: 'bg-amber-100 text-amber-900' },
  { key: 'new', tone: 'bg-emerald-100 text-emerald-900' },
  { key: 'retry', tone: 'bg-slate-100 text-slate-800' },
];

/** How many wait in each bucket of the queue. */
export function QueueCounts({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-4 gap-2" aria-label={t('queue.waiting')}>
      {BUCKETS.map((bucket) => (
        <div key={bucket.key} className={`rounded-md px-2 py-1.5 text-center ${bucket.tone}`}>
          <dt className="text-xs font-medium">{t(`queue.bucket.${bucket.key}`)}</dt>
          <dd className="text-lg font-bold" data-testid={`queue-count-${bucket.key}`}>
            {counts[bucket.key]}
          </dd>
        </div>
      ))}
    </dl>
  );
}
