import { Counter } from 'prom-client';
import { metricsRegistry } from '../metrics/metrics-registry';

const repairedItems = new Counter({
  name: 'tawsil_repair_items_total',
  help: 'Items a repair sweep found broken and repaired, by sweep',
  labelNames: ['sweep'] as const,
  registers: [metricsRegistry],
});

/** Makes the sweep's series exist at 0 from the start, so a rate over it is defined. */
export function declareSweep(sweep: string): void {
  repairedItems.inc({ sweep }, 0);
}

export function countRepaired(sweep: string, items: number): void {
  repairedItems.inc({ sweep }, items);
}
