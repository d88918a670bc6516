import { Registry } from 'prom-client';

/** Every metric of the process, served at /metrics with the `service` label on each. */
export const metricsRegistry = new Registry();

/** Seconds, for calls that should take milliseconds: HTTP requests and RPC. */
export const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Seconds, for background work that may take from a blink to many minutes. */
export const BACKGROUND_BUCKETS = [0.05, 0.25, 1, 5, 15, 60, 300, 900, 3600];

export const secondsSince = (startedMs: number) => (performance.now() - startedMs) / 1000;
