/** What the control routes can change in how the current API behaves. */
export interface CurrentApiSettings {
  latencyMs: number;
  /** Share of API calls answered 500, before doing anything. */
  failureRate: number;
  /** Share of parcel creations whose parcels are created but whose answer is held back... */
  timeoutAfterAcceptRate: number;
  /** ...for this long. */
  timeoutAfterAcceptMs: number;
  /** How long a label's signed URL works (ZR's last about 65 minutes). */
  labelUrlTtlMs: number;
  /** Waits before each retry of a webhook delivery that did not get a 2xx; one retry per entry. */
  webhookRetryDelaysMs: number[];
}

export const DEFAULT_SETTINGS: CurrentApiSettings = {
  latencyMs: 0,
  failureRate: 0,
  timeoutAfterAcceptRate: 0,
  timeoutAfterAcceptMs: 60_000,
  labelUrlTtlMs: 65 * 60_000,
  webhookRetryDelaysMs: [5_000, 30_000, 120_000, 600_000],
};

const SHARES = new Set(['failureRate', 'timeoutAfterAcceptRate']);

/** The settings with the body's values applied, or the problem with the first bad one. */
export function updatedSettings(
  current: CurrentApiSettings,
  body: Record<string, unknown>,
): CurrentApiSettings | string {
  const next = { ...current };
  for (const key of Object.keys(current) as (keyof CurrentApiSettings)[]) {
    const value = body[key];
    if (value === undefined) continue;
    if (key === 'webhookRetryDelaysMs') {
      const ok =
        Array.isArray(value) && value.length <= 10 && value.every((ms) => Number.isInteger(ms) && ms >= 0);
      if (!ok) return 'webhookRetryDelaysMs must be a list of at most 10 whole numbers from 0';
      next.webhookRetryDelaysMs = value as number[];
      continue;
    }
    const number = Number(value);
    if (!Number.isFinite(number) || number < 0 || (SHARES.has(key) && number > 1))
      return `${key} must be a number from 0${SHARES.has(key) ? ' to 1' : ''}`;
    next[key] = number;
  }
  return next;
}
