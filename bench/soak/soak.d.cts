// Types of soak.cjs, for the short run in the tests.
export interface SoakCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface SoakFigures {
  minutes: number;
  announced: number;
  imported: number;
  confirmed: number;
  shipped: number;
  saisieFailures: number;
  saisieJobs: number;
  perMinute: { imported: number; confirmed: number; shipped: number };
  next: { asked: number; p50Ms: number; longestMs: number };
  longestRestartMs: number;
  problems: number;
}

export interface SoakFault {
  at: number;
  kind: 'kill' | 'carrier' | 'redis' | 'postgres';
  target?: string;
  tookMs: number;
}

export declare function runSoak(options?: {
  minutes?: number;
  agents?: number;
  ordersPerMinute?: number;
  /** Whether the gateway may be the process killed (default true). */
  killGateway?: boolean;
  log?: (line: string) => void;
}): Promise<{ figures: SoakFigures; checks: SoakCheck[]; faults: SoakFault[]; failures: SoakCheck[] }>;
