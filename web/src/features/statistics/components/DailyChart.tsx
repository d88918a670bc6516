import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DayStatistics } from '../api';
import { chartData, CHART_SERIES } from '../chart-data';
import { formatDay } from '../format';
import { i18n } from '../../../i18n/i18n';

const HEIGHT = 240;

function options(width: number): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    // Days are UTC midnights: drawn in UTC, they stay the server's days in every browser's zone.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: { y: { range: (_plot, _min, max) => [0, Math.max(1, max)] } },
    axes: [
      {},
      { values: (_plot, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : '')) },
    ],
    series: [
      {
        label: i18n.t('stats.day'),
        value: (_plot, seconds) =>
          seconds == null ? '—' : formatDay(new Date(seconds * 1000).toISOString().slice(0, 10)),
      },
      ...CHART_SERIES.map((series) => ({
        label: i18n.t(`stats.series.${series.key}`),
        stroke: series.color,
        width: 2,
        points: { show: true, size: 5, fill: series.color },
      })),
    ],
  };
}

/** Orders, deliveries and returns per day; redrawn to the width of its box, so it reads on a phone. */
export default function DailyChart({ days }: { days: DayStatistics[] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current!;
    const plot = new uPlot(options(element.clientWidth), chartData(days), element);
    const observer = new ResizeObserver(([entry]) =>
      plot.setSize({ width: Math.floor(entry.contentRect.width), height: HEIGHT }),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [days]);

  return <div ref={box} data-testid="daily-chart" className="w-full" />;
}
