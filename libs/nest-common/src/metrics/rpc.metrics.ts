import { isRpcErrorPayload } from '@tawsil/contracts/http';
import { Counter, Histogram } from 'prom-client';
import { TimeoutError } from 'rxjs';
import { metricsRegistry, REQUEST_BUCKETS, secondsSince } from './metrics-registry';

/** ok; rejected: a 4xx refusal; failed: a 5xx answer or no way to send; timeout: no answer in time. */
type RpcOutcome = 'ok' | 'rejected' | 'failed' | 'timeout';

const rpcHandled = new Histogram({
  name: 'tawsil_rpc_handled_duration_seconds',
  help: 'RPC requests this service answered, by pattern and outcome, and how long they took',
  labelNames: ['pattern', 'outcome'] as const,
  buckets: REQUEST_BUCKETS,
  registers: [metricsRegistry],
});

const rpcCalls = new Histogram({
  name: 'tawsil_rpc_call_duration_seconds',
  help: 'RPC calls this service made to others, by pattern and outcome, and how long they took',
  labelNames: ['pattern', 'outcome'] as const,
  buckets: REQUEST_BUCKETS,
  registers: [metricsRegistry],
});

function outcomeOf(error: unknown): RpcOutcome {
  if (error === undefined) return 'ok';
  if (error instanceof TimeoutError) return 'timeout';
  return isRpcErrorPayload(error) && error.status < 500 ? 'rejected' : 'failed';
}

/** A request answered by this service; `error` is the error answer, if any. */
export function observeRpcHandled(pattern: string, error: unknown, startedMs: number): void {
  rpcHandled.observe({ pattern, outcome: outcomeOf(error) }, secondsSince(startedMs));
}

/** A call made to another service; `error` is what the call failed with, if it did. */
export function observeRpcCall(pattern: string, error: unknown, startedMs: number): void {
  rpcCalls.observe({ pattern, outcome: outcomeOf(error) }, secondsSince(startedMs));
}

const rpcRefused = new Counter({
  name: 'tawsil_rpc_refused_total',
  help: 'RPC requests refused before their handler: unsigned, forged, expired, not allowed or not sealed',
  labelNames: ['reason'] as const,
  registers: [metricsRegistry],
});

export function observeRpcRefused(reason: string): void {
  rpcRefused.inc({ reason });
}
