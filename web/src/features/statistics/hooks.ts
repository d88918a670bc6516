import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { StatisticsQuery } from './api';
import { algeriaToday, DEFAULT_PERIOD, isPeriod, presetRange, type DayRange, type Period } from './period';
import { i18n } from '../../i18n/i18n';

export interface StatisticsFilters {
  period: Period;
  range: DayRange;
  storeId: string;
  today: string;
  /** The query to send, or why there is none (a custom period that ends before it starts). */
  query: StatisticsQuery | null;
  problem?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function rangeProblem({ from, to }: DayRange): string | undefined {
  if (!DAY.test(from) || !DAY.test(to)) return i18n.t('stats.choose_days');
  if (from > to) return i18n.t('stats.days_order');
  return undefined;
}

/** The period and the store live in the URL, so a reload or Back keeps them. */
export function useStatisticsFilters() {
  const [params, setParams] = useSearchParams();
  const today = algeriaToday();

  const filters = useMemo<StatisticsFilters>(() => {
    const asked = params.get('period');
    const period = isPeriod(asked) ? asked : DEFAULT_PERIOD;
    const range =
      period === 'custom'
        ? { from: params.get('from') ?? '', to: params.get('to') ?? '' }
        : presetRange(period, today);
    const storeId = params.get('store') ?? '';
    const problem = rangeProblem(range);
    return { period, range, storeId, today, problem, query: problem ? null : { ...range, storeId } };
  }, [params, today]);

  const choosePeriod = useCallback(
    (period: Period) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('period', period);
        // A custom period starts from the days shown until now.
        if (period === 'custom') {
          next.set('from', filters.range.from);
          next.set('to', filters.range.to);
        } else {
          next.delete('from');
          next.delete('to');
        }
        return next;
      }),
    [setParams, filters.range],
  );

  const setDay = useCallback(
    (end: keyof DayRange, day: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set(end, day);
        return next;
      }),
    [setParams],
  );

  const chooseStore = useCallback(
    (storeId: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (storeId) next.set('store', storeId);
        else next.delete('store');
        return next;
      }),
    [setParams],
  );

  return { filters, choosePeriod, setDay, chooseStore };
}
