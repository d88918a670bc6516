import { DEFAULT_LIMITS, type Limits } from './quotas';

export interface Settings {
  latencyMs: number;
  /** Share of API calls answered 500. */
  failureRate: number;
  /** Share of parcels that head back to the sender instead of reaching the customer. */
  returnShare: number;
  /** Share of parcel creations whose parcels are created but whose answer is held back... */
  timeoutAfterAcceptRate: number;
  /** ...for this long: the caller times out not knowing the parcels exist. */
  timeoutAfterAcceptMs: number;
  /** Moves every parcel one status on this often (0: only on /_sandbox/parcels/advance). */
  advanceEveryMs: number;
  quotaPerSecond: number;
  quotaPerMinute: number;
  quotaPerHour: number;
  quotaPerDay: number;
  /** Going over a quota this many times locks the key (0: never)... */
  offencesBeforeLock: number;
  /** ...for this long, doubled at each new lock. */
  lockMs: number;
  /** 1: the account has economic rates (`economic_home`, `economic_desk`); 0: they are null. */
  economicFees: number;
  webhookBatchMs: number;
  webhookRetryMs: number;
}

export const DEFAULT_SETTINGS: Settings = {
  latencyMs: 0,
  failureRate: 0,
  returnShare: 0.2,
  timeoutAfterAcceptRate: 0,
  timeoutAfterAcceptMs: 60_000,
  advanceEveryMs: 0,
  quotaPerSecond: DEFAULT_LIMITS.second,
  quotaPerMinute: DEFAULT_LIMITS.minute,
  quotaPerHour: DEFAULT_LIMITS.hour,
  quotaPerDay: DEFAULT_LIMITS.day,
  offencesBeforeLock: 10,
  lockMs: 60_000,
  economicFees: 0,
  webhookBatchMs: 200,
  webhookRetryMs: 1_000,
};

const SHARES: (keyof Settings)[] = ['failureRate', 'returnShare', 'timeoutAfterAcceptRate'];
const FLAGS: (keyof Settings)[] = ['economicFees'];

export const limitsOf = (s: Settings): Limits => ({
  second: s.quotaPerSecond,
  minute: s.quotaPerMinute,
  hour: s.quotaPerHour,
  day: s.quotaPerDay,
});

/** The settings with `body`'s changes, or the message naming the first bad value. */
export function changedSettings(current: Settings, body: Record<string, unknown>): Settings | string {
  const next = { ...current };
  const unknown = Object.keys(body).find((key) => !(key in current));
  if (unknown) return `${unknown} is not a setting`;
  for (const key of Object.keys(next) as (keyof Settings)[]) {
    if (body[key] === undefined) continue;
    const value = Number(body[key]);
    const isShare = SHARES.includes(key);
    if (typeof body[key] === 'boolean' || !Number.isFinite(value) || value < 0 || (isShare && value > 1))
      return `${key} must be a number from 0${isShare ? ' to 1' : ''}`;
    if (FLAGS.includes(key) && value !== 0 && value !== 1) return `${key} must be 0 or 1`;
    next[key] = value;
  }
  return next;
}
