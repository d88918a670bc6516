import {
  STATISTICS_DEFAULT_DAYS,
  STATISTICS_MAX_DAYS,
  STATISTICS_TIME_ZONE,
  type StatisticsQuery,
} from '@tawsil/contracts/orders';
import { ServiceError } from '@tawsil/nest-common';

export interface StatisticsPeriod {
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

/** Today's date in Algeria, YYYY-MM-DD. */
export function todayInAlgeria(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: STATISTICS_TIME_ZONE }).format(now);
}

function parseDay(day: string, field: string): number {
  const time = Date.parse(`${day}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to March: a real day prints back the same.
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day)
    throw ServiceError.badRequest(`${field} is not a real day: ${day}`);
  return time;
}

export const addDays = (day: string, days: number): string =>
  new Date(parseDay(day, 'day') + days * DAY_MS).toISOString().slice(0, 10);

/** Every day from `from` to `to`, both included. */
export function daysOf(period: StatisticsPeriod): string[] {
  const days: string[] = [];
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The period asked for, with its defaults (the last 30 days to today), checked. */
export function resolvePeriod(
  query: Pick<StatisticsQuery, 'from' | 'to'>,
  now = new Date(),
): StatisticsPeriod {
  const to = query.to ?? todayInAlgeria(now);
  const last = parseDay(to, 'to');
  const from = query.from ?? addDays(to, -(STATISTICS_DEFAULT_DAYS - 1));
  const span = (last - parseDay(from, 'from')) / DAY_MS + 1;
  if (span < 1) throw ServiceError.badRequest('from must be on or before to');
  if (span > STATISTICS_MAX_DAYS)
    throw ServiceError.badRequest(`The period can cover at most ${STATISTICS_MAX_DAYS} days`);
  return { from, to };
}

/**
 * The whole calendar months inside the period, as [from, end): read from the month rows. The
 * days before and after them are read day by day. Empty (from = end) when no month is whole.
 */
export function wholeMonthsOf(period: StatisticsPeriod): { from: string; end: string } {
  const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;
  const from = period.from.endsWith('-01')
    ? period.from
    : firstOfMonth(addDays(firstOfMonth(period.from), 31));
  const end = firstOfMonth(addDays(period.to, 1));
  return from < end ? { from, end } : { from: period.from, end: period.from };
}
