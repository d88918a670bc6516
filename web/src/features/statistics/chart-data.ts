import type { AlignedData } from 'uplot';
import type { DayStatistics } from './api';

/** The lines of the daily chart, each a count of DayStatistics. */
export const CHART_SERIES = [
  { key: 'orders', label: 'Orders', color: '#0369a1' },
  { key: 'delivered', label: 'Delivered', color: '#047857' },
  { key: 'returned', label: 'Returned', color: '#dc2626' },
] as const satisfies readonly { key: keyof DayStatistics; label: string; color: string }[];

/** uPlot's columns: each day's UTC midnight in seconds, then one count per series. */
export function chartData(days: readonly DayStatistics[]): AlignedData {
  return [
    days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000),
    ...CHART_SERIES.map((series) => days.map((day) => day[series.key])),
  ];
}
