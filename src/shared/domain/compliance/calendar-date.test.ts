import { describe, expect, it } from 'vitest';
import {
  addDays,
  addInterval,
  calendarDate,
  compareDates,
  daysBetween,
  daysInMonth,
  INTERVAL_UNIT_LABELS,
  INTERVAL_UNITS,
  intervalLabel,
  isCalendarDate,
  isInterval,
  isLeapYear,
  isTimeZone,
  maxDate,
  minDate,
  minIntervalDays,
  ORGANISATION_TIME_ZONE_DEFAULT,
  parseCalendarDate,
  todayIn,
  type Interval,
} from './calendar-date';

const months = (count: number): Interval => ({ count, unit: 'month' });
const years = (count: number): Interval => ({ count, unit: 'year' });

describe('isCalendarDate', () => {
  it.each(['2024-02-29', '2000-02-29', '2026-01-31', '2026-04-30', '2026-12-31', '0001-01-01', '9999-12-31'])('%s is a date', (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });

  it.each([
    '2025-02-29',
    '2100-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-01-32',
    '0000-01-01',
    '2026-1-05',
    '26-01-05',
    '2026-01-05T00:00:00Z',
    ' 2026-01-05',
    '05/01/2026',
    '',
  ])('%j is not', (value) => {
    expect(isCalendarDate(value)).toBe(false);
  });

  it.each([null, undefined, 20260105, new Date('2026-01-05')])('%j (not a string) is not', (value) => {
    expect(isCalendarDate(value)).toBe(false);
  });

  it('parses into parts and builds back, refusing days that do not exist', () => {
    expect(parseCalendarDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(calendarDate(987, 3, 4)).toBe('0987-03-04');
    expect(() => calendarDate(2025, 2, 29)).toThrow(RangeError);
    expect(() => parseCalendarDate('2025-02-29')).toThrow('Not a calendar date (YYYY-MM-DD): "2025-02-29"');
  });
});

describe('leap years', () => {
  it.each([
    [2024, true],
    [2028, true],
    [2000, true],
    [2400, true],
    [2025, false],
    [2100, false],
    [1900, false],
  ])('%i leap: %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
    expect(daysInMonth(year, 2)).toBe(leap ? 29 : 28);
  });

  it('knows the length of every month', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2026, m))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
  });
});

describe('day arithmetic', () => {
  it('agrees with UTC day numbers on every day from 1896 to 2104', () => {
    // An independent check of the integer calendar against the platform's: one date per day.
    const first = Date.UTC(1896, 0, 1) / 86_400_000;
    const last = Date.UTC(2104, 11, 31) / 86_400_000;
    const mismatches: string[] = [];
    let date = '1896-01-01';
    for (let day = first; day <= last; day += 1) {
      if (daysBetween('1970-01-01', date) !== day) mismatches.push(`daysBetween to ${date}`);
      const next = addDays(date, 1);
      if (next !== new Date((day + 1) * 86_400_000).toISOString().slice(0, 10)) mismatches.push(`day after ${date}`);
      date = next;
    }
    expect(date).toBe('2105-01-01');
    expect(mismatches).toEqual([]);
  });

  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2100-02-28', 1, '2100-03-01'],
    ['2000-02-28', 1, '2000-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-28', 2, '2026-03-30'],
    ['2026-01-01', 365, '2027-01-01'],
    ['2024-01-01', 366, '2025-01-01'],
    ['2026-05-10', 0, '2026-05-10'],
  ])('%s + %i days = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each([
    ['2026-01-01', '2026-01-31', 30],
    ['2026-01-31', '2026-01-01', -30],
    ['2024-02-28', '2024-03-01', 2],
    ['2100-02-28', '2100-03-01', 1],
    ['2026-03-28', '2026-03-30', 2],
    ['2026-10-24', '2026-10-26', 2],
    ['2026-06-01', '2026-06-01', 0],
  ])('daysBetween(%s, %s) = %i', (a, b, days) => {
    expect(daysBetween(a, b)).toBe(days);
  });

  it('refuses fractional days and impossible dates', () => {
    expect(() => addDays('2026-01-01', 0.5)).toThrow(RangeError);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => daysBetween('2026-01-01', '2026-1-2')).toThrow(RangeError);
  });
});

describe('addInterval', () => {
  it.each([
    // Month ends clamp to the last day of the target month.
    ['2026-01-31', months(1), 1, '2026-02-28'],
    ['2024-01-31', months(1), 1, '2024-02-29'],
    ['2026-03-31', months(1), 1, '2026-04-30'],
    ['2026-04-30', months(1), 1, '2026-05-30'],
    ['2026-04-30', months(10), 1, '2027-02-28'],
    ['2027-04-30', months(10), 1, '2028-02-29'],
    ['2026-08-31', months(6), 1, '2027-02-28'],
    ['2026-11-30', months(3), 1, '2027-02-28'],
    ['2026-05-31', months(6), 1, '2026-11-30'],
    ['2026-10-31', months(12), 1, '2027-10-31'],
    // Clamping does not accumulate: n steps are computed from the anchor in one go.
    ['2026-01-31', months(1), 2, '2026-03-31'],
    ['2026-01-31', months(2), 1, '2026-03-31'],
    ['2026-01-31', months(1), 3, '2026-04-30'],
    ['2026-01-31', months(1), 12, '2027-01-31'],
    // Years across leap days.
    ['2024-02-29', years(1), 1, '2025-02-28'],
    ['2024-02-29', years(4), 1, '2028-02-29'],
    ['2024-02-29', years(1), 4, '2028-02-29'],
    ['2096-02-29', years(4), 1, '2100-02-28'],
    ['1996-02-29', years(4), 1, '2000-02-29'],
    ['2024-02-29', months(24), 1, '2026-02-28'],
    ['2026-02-28', years(1), 1, '2027-02-28'],
    ['2026-03-15', years(5), 1, '2031-03-15'],
    ['2026-03-15', years(10), 1, '2036-03-15'],
    ['2026-12-15', months(14), 1, '2028-02-15'],
    // Backwards and zero.
    ['2024-03-31', months(1), -1, '2024-02-29'],
    ['2026-01-15', months(1), -1, '2025-12-15'],
    ['2026-01-31', months(1), 0, '2026-01-31'],
    // Days and weeks are exact, including across the clock changes.
    ['2026-03-28', { count: 1, unit: 'week' }, 1, '2026-04-04'],
    ['2026-10-24', { count: 1, unit: 'week' }, 1, '2026-10-31'],
    ['2026-12-29', { count: 1, unit: 'week' }, 1, '2027-01-05'],
    ['2026-01-05', { count: 1, unit: 'week' }, -1, '2025-12-29'],
    ['2024-02-28', { count: 2, unit: 'day' }, 1, '2024-03-01'],
    ['2026-01-05', { count: 2, unit: 'week' }, 3, '2026-02-16'],
  ] as const)('%s + %j × %i = %s', (date, interval, times, expected) => {
    expect(addInterval(date, interval, times)).toBe(expected);
  });

  it('adds one interval by default', () => {
    expect(addInterval('2026-01-31', months(1))).toBe('2026-02-28');
  });

  it('refuses bad intervals and fractional times', () => {
    expect(() => addInterval('2026-01-01', { count: 0, unit: 'month' })).toThrow(RangeError);
    expect(() => addInterval('2026-01-01', { count: 1.5, unit: 'month' })).toThrow(RangeError);
    expect(() => addInterval('2026-01-01', { count: 1, unit: 'fortnight' } as unknown as Interval)).toThrow(RangeError);
    expect(() => addInterval('2026-01-01', months(1), 0.5)).toThrow(RangeError);
    expect(() => addInterval('9999-12-31', { count: 1, unit: 'day' })).toThrow(RangeError);
  });
});

describe('intervals', () => {
  it.each([
    [{ count: 1, unit: 'day' }, true],
    [{ count: 1000, unit: 'year' }, true],
    [{ count: 1001, unit: 'day' }, false],
    [{ count: 0, unit: 'week' }, false],
    [{ count: -1, unit: 'week' }, false],
    [{ count: 2.5, unit: 'week' }, false],
    [{ count: '6', unit: 'month' }, false],
    [{ count: 6, unit: 'months' }, false],
    [{ count: 6 }, false],
    [null, false],
  ])('isInterval(%j) = %s', (value, expected) => {
    expect(isInterval(value)).toBe(expected);
  });

  it.each([
    [{ count: 1, unit: 'week' }, '1 week', 7],
    [{ count: 6, unit: 'month' }, '6 months', 168],
    [{ count: 1, unit: 'year' }, '1 year', 365],
    [{ count: 5, unit: 'year' }, '5 years', 1825],
    [{ count: 10, unit: 'day' }, '10 days', 10],
  ] as const)('%j: "%s", at least %i days', (interval, label, days) => {
    expect(intervalLabel(interval)).toBe(label);
    expect(minIntervalDays(interval)).toBe(days);
  });

  it('never spans fewer days than minIntervalDays, from any start in a 4-year cycle', () => {
    const tooShort: string[] = [];
    for (const interval of [months(1), months(6), years(1), months(24)]) {
      for (let date = '2023-01-01'; date < '2027-01-01'; date = addDays(date, 1)) {
        if (daysBetween(date, addInterval(date, interval)) < minIntervalDays(interval)) tooShort.push(`${date} + ${intervalLabel(interval)}`);
      }
    }
    expect(tooShort).toEqual([]);
  });

  it('labels every unit', () => {
    expect(Object.keys(INTERVAL_UNIT_LABELS)).toEqual([...INTERVAL_UNITS]);
  });
});

describe('compare, min and max', () => {
  it('orders dates', () => {
    expect(compareDates('2026-01-31', '2026-02-01')).toBe(-1);
    expect(compareDates('2026-02-01', '2026-01-31')).toBe(1);
    expect(compareDates('2026-02-01', '2026-02-01')).toBe(0);
    expect(['2027-01-01', '2026-12-31', '2026-02-01', '0999-01-01'].sort(compareDates)).toEqual([
      '0999-01-01',
      '2026-02-01',
      '2026-12-31',
      '2027-01-01',
    ]);
    expect(() => compareDates('2026-02-30', '2026-02-01')).toThrow(RangeError);
  });

  it('finds the earliest and latest', () => {
    expect(minDate('2026-05-01', '2026-04-30', '2027-01-01')).toBe('2026-04-30');
    expect(minDate('2026-05-01')).toBe('2026-05-01');
    expect(maxDate('2026-05-01', '2026-04-30', '2027-01-01')).toBe('2027-01-01');
    expect(() => minDate('2026-13-01')).toThrow(RangeError);
  });
});

describe('todayIn', () => {
  it('defaults to London', () => {
    expect(ORGANISATION_TIME_ZONE_DEFAULT).toBe('Europe/London');
    expect(todayIn(undefined, new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
  });

  it.each([
    // Winter (GMT = UTC).
    ['2026-03-28T23:30:00Z', 'Europe/London', '2026-03-28'],
    ['2026-01-01T00:00:00Z', 'Europe/London', '2026-01-01'],
    ['2025-12-31T23:59:59Z', 'Europe/London', '2025-12-31'],
    // Summer (BST = UTC+1): late evening UTC is already tomorrow in London.
    ['2026-06-30T23:30:00Z', 'Europe/London', '2026-07-01'],
    ['2026-06-30T22:59:59Z', 'Europe/London', '2026-06-30'],
    ['2026-06-30T23:00:00Z', 'Europe/London', '2026-07-01'],
    ['2026-06-30T23:30:00Z', 'UTC', '2026-06-30'],
    // Clocks go forward at 01:00 UTC on Sunday 29 March 2026.
    ['2026-03-28T23:59:59Z', 'Europe/London', '2026-03-28'],
    ['2026-03-29T00:00:00Z', 'Europe/London', '2026-03-29'],
    ['2026-03-29T00:59:59Z', 'Europe/London', '2026-03-29'],
    ['2026-03-29T01:00:00Z', 'Europe/London', '2026-03-29'],
    ['2026-03-29T22:59:59Z', 'Europe/London', '2026-03-29'],
    ['2026-03-29T23:00:00Z', 'Europe/London', '2026-03-30'],
    // Clocks go back at 01:00 UTC on Sunday 25 October 2026.
    ['2026-10-24T22:59:59Z', 'Europe/London', '2026-10-24'],
    ['2026-10-24T23:00:00Z', 'Europe/London', '2026-10-25'],
    ['2026-10-25T00:30:00Z', 'Europe/London', '2026-10-25'],
    ['2026-10-25T01:30:00Z', 'Europe/London', '2026-10-25'],
    ['2026-10-25T23:00:00Z', 'Europe/London', '2026-10-25'],
    ['2026-10-25T23:59:59Z', 'Europe/London', '2026-10-25'],
    ['2026-10-26T00:00:00Z', 'Europe/London', '2026-10-26'],
    // Other zones.
    ['2026-01-15T04:59:59Z', 'America/New_York', '2026-01-14'],
    ['2026-01-15T05:00:00Z', 'America/New_York', '2026-01-15'],
    ['2026-01-15T09:59:59Z', 'Pacific/Kiritimati', '2026-01-15'],
    ['2026-01-15T10:00:00Z', 'Pacific/Kiritimati', '2026-01-16'],
    ['2024-02-28T23:30:00Z', 'Asia/Tokyo', '2024-02-29'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(todayIn(zone, new Date(instant))).toBe(expected);
  });

  it('refuses unknown zones and invalid instants', () => {
    expect(() => todayIn('Europe/Londres', new Date('2026-01-01T00:00:00Z'))).toThrow(RangeError);
    expect(() => todayIn('Europe/London', new Date('nonsense'))).toThrow(RangeError);
  });

  it.each([
    ['Europe/London', true],
    ['UTC', true],
    ['America/New_York', true],
    ['Europe/Londres', false],
    ['', false],
    [42, false],
  ])('isTimeZone(%j) = %s', (value, expected) => {
    expect(isTimeZone(value)).toBe(expected);
  });
});
