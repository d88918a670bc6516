import type { StatisticsView } from '@tawsil/contracts/orders';

/** The server counts Algerian calendar days, so "today" is today in Algiers, wherever the browser is. */
const ALGERIA: StatisticsView['timeZone'] = 'Africa/Algiers';

export const PERIODS = [
  { value: 'today', label: 'Today', days: 1 },
  { value: '7d', label: '7 days', days: 7 },
  { value: '30d', label: '30 days', days: 30 },
  { value: 'custom', label: 'Custom', days: 0 },
] as const;

export type Period = (typeof PERIODS)[number]['value'];
export const DEFAULT_PERIOD: Period = '30d';

export const isPeriod = (value: string | null): value is Period =>
  PERIODS.some((period) => period.value === value);

export interface DayRange {
  /** YYYY-MM-DD, both ends included. */
  from: string;
  to: string;
}

const dayParts = new Intl.DateTimeFormat('en-US', {
  timeZone: ALGERIA,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Algeria as YYYY-MM-DD. */
export function algeriaToday(now = new Date()): string {
  const parts = Object.fromEntries(dayParts.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The day `count` days after `day` (before it when negative), as YYYY-MM-DD. */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** The days a preset covers, ending today. */
export function presetRange(period: Exclude<Period, 'custom'>, today: string): DayRange {
  const days = PERIODS.find((preset) => preset.value === period)!.days;
  return { from: addDays(today, 1 - days), to: today };
}
