import { BACKGROUND_BUCKETS, metricsRegistry } from '@tawsil/nest-common';
import { Histogram } from 'prom-client';

/**
 * How far the webhook import runs behind: seconds from the gateway receiving a YouCan order webhook
 * to this service handing the order to orders. It grows when webhooks queue up faster than they
 * are processed; YouCan's own delivery delay is not in it.
 */
export const webhookLag = new Histogram({
  name: 'tawsil_youcan_webhook_lag_seconds',
  help: 'Seconds from a YouCan order webhook reaching the gateway to its order being handed to orders',
  buckets: BACKGROUND_BUCKETS,
  registers: [metricsRegistry],
});
