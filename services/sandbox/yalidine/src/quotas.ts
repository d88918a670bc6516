/** Yalidine's four quota windows, their header names and lengths. */
export const WINDOWS = [
  { name: 'second', header: 'x-second-quota-left', ms: 1_000 },
  { name: 'minute', header: 'x-minute-quota-left', ms: 60_000 },
  { name: 'hour', header: 'x-hour-quota-left', ms: 3_600_000 },
  { name: 'day', header: 'x-day-quota-left', ms: 86_400_000 },
] as const;
export type WindowName = (typeof WINDOWS)[number]['name'];
export type Limits = Record<WindowName, number>;
export const DEFAULT_LIMITS: Limits = { second: 5, minute: 50, hour: 1000, day: 10_000 };

export interface QuotaAnswer {
  allowed: boolean;
  headers: Record<string, string>;
}

/**
 * The quotas of one API ID. Each window starts at the first call made while it is closed and
 * resets its length later (docs: "Resets 60 seconds after your first request"). Going over
 * answers 429 with Retry-After; every `offencesBeforeLock` times over, the key is locked for
 * `lockMs`, twice as long at each lock (docs: the period grows each time).
 */
export class Quotas {
  private readonly windows = new Map<WindowName, { start: number; count: number }>();
  private offences = 0;
  private locks = 0;
  private lockedUntil = 0;

  constructor(private readonly now: () => number = Date.now) {}

  take(limits: Limits, offencesBeforeLock: number, lockMs: number): QuotaAnswer {
    const now = this.now();
    const states = WINDOWS.map((window) => {
      let state = this.windows.get(window.name);
      if (!state || now - state.start >= window.ms) {
        state = { start: now, count: 0 };
        this.windows.set(window.name, state);
      }
      return { window, state, limit: limits[window.name] };
    });
    const full = states.filter(({ state, limit }) => state.count >= limit);
    const allowed = full.length === 0 && now >= this.lockedUntil;
    if (allowed) for (const { state } of states) state.count++;
    const headers: Record<string, string> = Object.fromEntries(
      states.map(({ window, state, limit }) => [window.header, String(Math.max(0, limit - state.count))]),
    );
    if (allowed) return { allowed, headers };

    if (now >= this.lockedUntil && offencesBeforeLock > 0 && ++this.offences >= offencesBeforeLock) {
      this.offences = 0;
      this.lockedUntil = now + lockMs * 2 ** this.locks++;
    }
    const waits = full.map(({ window, state }) => state.start + window.ms - now);
    const waitMs = Math.max(this.lockedUntil - now, ...waits);
    return { allowed, headers: { ...headers, 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) } };
  }
}
