import { chartData } from './chart-data';
import { formatDzd, formatRate, share } from './format';
import { addDays, algeriaToday, presetRange } from './period';
import { sortRows } from './sort';

describe('Algerian days', () => {
  it('names today as it is in Algiers, one hour ahead of UTC all year', () => {
    expect(algeriaToday(new Date('2026-11-22T22:59:59Z'))).toBe('2026-11-22');
    expect(algeriaToday(new Date('2026-11-22T23:00:00Z'))).toBe('2026-11-23');
    expect(algeriaToday(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(algeriaToday(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });

  it('counts days across months, years and leap days', () => {
    expect(addDays('2026-11-23', -29)).toBe('2026-10-25');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('ends every preset today, today included', () => {
    expect(presetRange('today', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(presetRange('7d', '2026-11-23')).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(presetRange('30d', '2026-11-23')).toEqual({ from: '2026-10-25', to: '2026-11-23' });
  });
});

describe('figures in words', () => {
  it('writes rates as percentages, a rate of nothing as a dash, and DZD with separators', () => {
    expect(formatRate(0.8125)).toBe('81.3%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(null)).toBe('—');
    expect(share(3, 0)).toBeNull();
    expect(formatDzd(1234567.891)).toBe('1,234,567.89 DZD');
  });
});

describe('sortRows', () => {
  const rows = [
    { name: 'Yacine', rate: 0.5 },
    { name: 'amina', rate: null },
    { name: 'Élodie', rate: 0.9 },
    { name: 'Karim', rate: 0.5 },
  ];

  it('puts rows without a value last both ways and keeps ties in the order received', () => {
    const names = (direction: 'ascending' | 'descending') =>
      sortRows(rows, (row) => row.rate, direction).map((row) => row.name);
    expect(names('descending')).toEqual(['Élodie', 'Yacine', 'Karim', 'amina']);
    expect(names('ascending')).toEqual(['Yacine', 'Karim', 'Élodie', 'amina']);
  });

  it('sorts names as people read them, whatever their case or accents', () => {
    expect(sortRows(rows, (row) => row.name, 'ascending').map((row) => row.name)).toEqual([
      'amina',
      'Élodie',
      'Karim',
      'Yacine',
    ]);
  });
});

describe('chartData', () => {
  it('gives uPlot each day at UTC midnight and one column per line', () => {
    const data = chartData([
      { day: '2026-11-22', orders: 4, confirmed: 3, sent: 2, delivered: 1, returned: 0 },
      { day: '2026-11-23', orders: 6, confirmed: 5, sent: 4, delivered: 3, returned: 1 },
    ]);
    expect(data).toEqual([
      [Date.UTC(2026, 10, 22) / 1000, Date.UTC(2026, 10, 23) / 1000],
      [4, 6],
      [1, 3],
      [0, 1],
    ]);
  });
});
