import type { QueueCounts as Counts } from '../queue-api';

const BUCKETS: { key: keyof Counts; label: string; tone: string }[] = [
  { key: 'overdue', label: 'Overdue', tone: 'bg-red-100 text-red-800' },
  { key: 'callbacks', label: 'Callbacks', tone: 'bg-amber-100 text-amber-900' },
  { key: 'new', label: 'New', tone: 'bg-emerald-100 text-emerald-900' },
  { key: 'retry', label: 'Retry', tone: 'bg-slate-100 text-slate-800' },
];

/** How many wait in each bucket of the queue. */
export function QueueCounts({ counts }: { counts: Counts }) {
  return (
    <dl className="grid grid-cols-4 gap-2" aria-label="Waiting">
      {BUCKETS.map((bucket) => (
        <div key={bucket.key} className={`rounded-md px-2 py-1.5 text-center ${bucket.tone}`}>
          <dt className="text-xs font-medium">{bucket.label}</dt>
          <dd className="text-lg font-bold" data-testid={`queue-count-${bucket.key}`}>
            {counts[bucket.key]}
          </dd>
        </div>
      ))}
    </dl>
  );
}
