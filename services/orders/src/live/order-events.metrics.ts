import { BACKGROUND_BUCKETS, metricsRegistry } from '@tawsil/nest-common';
import { Counter, Histogram } from 'prom-client';

export const eventsRelayed = new Counter({
  name: 'tawsil_order_events_relayed_total',
  help: 'Order events published to the per-store Redis streams',
  registers: [metricsRegistry],
});

export const relayLag = new Histogram({
  name: 'tawsil_order_events_relay_lag_seconds',
  help: 'From the commit of an order change to its event in Redis',
  buckets: BACKGROUND_BUCKETS,
  registers: [metricsRegistry],
});
