import { resolvePeriod, todayInAlgeria, wholeMonthsOf } from './statistics-period';

describe('The statistics period', () => {
  it('takes Algerian days: 23:30 UTC is already tomorrow there', () => {
    expect(todayInAlgeria(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(todayInAlgeria(new Date('2026-11-22T22:59:00Z'))).toBe('2026-11-22');
  });

  it('covers the last 30 days to today unless told otherwise', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(resolvePeriod({}, now)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(resolvePeriod({ to: '2026-01-05' }, now)).toEqual({ from: '2025-12-07', to: '2026-01-05' });
    expect(resolvePeriod({ from: '2026-03-01', to: '2026-03-01' }, now)).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
  });

  it('accepts a leap year and a year and a day, and refuses more', () => {
    expect(resolvePeriod({ from: '2024-02-29', to: '2025-02-28' })).toEqual({
      from: '2024-02-29',
      to: '2025-02-28',
    });
    expect(() => resolvePeriod({ from: '2025-01-01', to: '2026-01-02' })).toThrow(
      'The period can cover at most 366 days',
    );
  });

  it('refuses days that do not exist and a period that ends before it starts', () => {
    expect(() => resolvePeriod({ from: '2026-02-29', to: '2026-03-01' })).toThrow(
      'from is not a real day: 2026-02-29',
    );
    expect(() => resolvePeriod({ from: '2026-01-01', to: '2026-13-01' })).toThrow(
      'to is not a real day: 2026-13-01',
    );
    expect(() => resolvePeriod({ from: '2026-03-02', to: '2026-03-01' })).toThrow(
      'from must be on or before to',
    );
  });
});

describe('The whole months of a period', () => {
  it('are the calendar months it covers from their first to their last day', () => {
    expect(wholeMonthsOf({ from: '2025-11-24', to: '2026-11-23' })).toEqual({
      from: '2025-12-01',
      end: '2026-11-01',
    });
    expect(wholeMonthsOf({ from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from: '2026-01-01',
      end: '2026-02-01',
    });
    expect(wholeMonthsOf({ from: '2024-02-01', to: '2024-02-29' })).toEqual({
      from: '2024-02-01',
      end: '2024-03-01',
    });
    expect(wholeMonthsOf({ from: '2026-12-01', to: '2027-01-31' })).toEqual({
      from: '2026-12-01',
      end: '2027-02-01',
    });
  });

  it('are none when no month is whole', () => {
    expect(wholeMonthsOf({ from: '2026-01-02', to: '2026-02-27' })).toEqual({
      from: '2026-01-02',
      end: '2026-01-02',
    });
    expect(wholeMonthsOf({ from: '2026-01-01', to: '2026-01-30' })).toEqual({
      from: '2026-01-01',
      end: '2026-01-01',
    });
    expect(wholeMonthsOf({ from: '2026-03-05', to: '2026-03-05' })).toEqual({
      from: '2026-03-05',
      end: '2026-03-05',
    });
  });
});
