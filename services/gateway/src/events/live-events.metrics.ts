import { metricsRegistry } from '@tawsil/nest-common/core';
import { Gauge } from 'prom-client';

export const liveConnections = new Gauge({
  name: 'tawsil_live_connections',
  help: 'Open GET /api/events connections on this gateway',
  registers: [metricsRegistry],
});
