import { TextField } from '../../../components/ui/TextField';
import type { StatisticsFilters } from '../hooks';
import { PERIODS, type DayRange, type Period } from '../period';
import { useTranslation } from 'react-i18next';

interface PeriodPickerProps {
  filters: StatisticsFilters;
  onPeriod: (period: Period) => void;
  onDay: (end: keyof DayRange, day: string) => void;
}

/** Today, the last 7 or 30 days (today included), or any two days. */
export function PeriodPicker({ filters, onPeriod, onDay }: PeriodPickerProps) {
  const { t } = useTranslation();
  const { period, range, today } = filters;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <fieldset className="min-w-0 max-w-full">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('stats.period')}</legend>
        <div className="inline-flex max-w-full flex-wrap overflow-hidden rounded-md border border-slate-300 bg-white">
          {PERIODS.map((choice) => (
            <button
              key={choice.value}
              type="button"
              aria-pressed={period === choice.value}
              onClick={() => onPeriod(choice.value)}
              className="border-s border-slate-300 px-3 py-2 text-sm first:border-s-0 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-emerald-600 aria-pressed:bg-emerald-700 aria-pressed:text-white"
            >
              {t(`stats.periods.${choice.value}`)}
            </button>
          ))}
        </div>
      </fieldset>
      {period === 'custom' && (
        <>
          <TextField
            label={t('stats.first_day')}
            type="date"
            value={range.from}
            max={range.to || today}
            onChange={(event) => onDay('from', event.target.value)}
          />
          <TextField
            label={t('stats.last_day')}
            type="date"
            value={range.to}
            min={range.from || undefined}
            max={today}
            onChange={(event) => onDay('to', event.target.value)}
          />
        </>
      )}
    </div>
  );
}
