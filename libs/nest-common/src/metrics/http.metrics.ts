import type { FastifyInstance } from 'fastify';
import { Histogram } from 'prom-client';
import { metricsRegistry, REQUEST_BUCKETS } from './metrics-registry';

const httpRequestDuration = new Histogram({
  name: 'tawsil_http_request_duration_seconds',
  help: 'HTTP requests answered, by method, route template and status code, and how long they took',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: REQUEST_BUCKETS,
  registers: [metricsRegistry],
});

/**
 * Times every request of a Fastify server. `routeLabel` turns the matched route template
 * (undefined when none matched) into a label of bounded cardinality: never the raw URL.
 */
export function observeHttpRequests(http: FastifyInstance, routeLabel: (route?: string) => string): void {
  http.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      { method: request.method, route: routeLabel(request.routeOptions.url), status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
