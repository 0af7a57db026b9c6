/**
 * Calendar dates for compliance: 'YYYY-MM-DD' strings with integer arithmetic, never a Date at UTC
 * midnight, so a due date cannot move a day when it crosses a time zone (Shelf #1540 stored UTC and
 * fired late). The only clock-aware function is todayIn(), which asks Intl for the wall date in a zone.
 *
 * Every function here throws a RangeError for a string that is not a real date: a bad date is a
 * programming error by the time it gets here; user input is checked with isCalendarDate first.
 */

/** A real date in the proleptic Gregorian calendar, as 'YYYY-MM-DD' (what a date input and a PostgreSQL DATE give). */
export type CalendarDate = string;

/** Organisations keep their dates in London time unless they choose another zone. */
export const ORGANISATION_TIME_ZONE_DEFAULT = 'Europe/London';

export const INTERVAL_UNITS = ['day', 'week', 'month', 'year'] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];
export const INTERVAL_UNIT_LABELS: Record<IntervalUnit, string> = {
  day: 'Days',
  week: 'Weeks',
  month: 'Months',
  year: 'Years',
};

/** How often something recurs, e.g. { count: 6, unit: 'month' }. */
export interface Interval {
  count: number;
  unit: IntervalUnit;
}

/** A bound for forms and imports; the longest real regime is 10 years (EPC), and dates stay below year 10000. */
export const INTERVAL_COUNT_MAX = 1000;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month (1 = January). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export interface CalendarDateParts {
  year: number;
  month: number;
  day: number;
}

function partsOf(value: string): CalendarDateParts | null {
  const match = DATE_PATTERN.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** True for a 'YYYY-MM-DD' string naming a real day (2024-02-29 is one, 2025-02-29 and 2025-04-31 are not). */
export function isCalendarDate(value: unknown): value is CalendarDate {
  return typeof value === 'string' && partsOf(value) !== null;
}

export function parseCalendarDate(date: CalendarDate): CalendarDateParts {
  const parts = partsOf(date);
  if (!parts) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  return parts;
}

/** The date of a year, month (1 = January) and day; throws when that day does not exist. */
export function calendarDate(year: number, month: number, day: number): CalendarDate {
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  parseCalendarDate(date);
  return date;
}

/**
 * Days since 1970-01-01, by Howard Hinnant's days_from_civil: years counted from March, so the leap
 * day falls at the end of the year and a 400-year era is always 146,097 days.
 */
function toEpochDay({ year, month, day }: CalendarDateParts): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function fromEpochDay(epochDay: number): CalendarDate {
  const z = epochDay + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return calendarDate(yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day);
}

function requireInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number: ${value}`);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  requireInteger(days, 'Days');
  return fromEpochDay(toEpochDay(parseCalendarDate(date)) + days);
}

/**
 * Calendar months from the given date, clamped to the last day of the target month: 31 Jan + 1 month
 * = 28 Feb (29 in a leap year). Always counted from the date given, so clamping never accumulates.
 */
function addMonths(date: CalendarDate, months: number): CalendarDate {
  const { year, month, day } = parseCalendarDate(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return calendarDate(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** A positive whole count (at most INTERVAL_COUNT_MAX) of a known unit. */
export function isInterval(value: unknown): value is Interval {
  if (typeof value !== 'object' || value === null) return false;
  const { count, unit } = value as Partial<Interval>;
  return (
    typeof count === 'number' &&
    Number.isInteger(count) &&
    count >= 1 &&
    count <= INTERVAL_COUNT_MAX &&
    (INTERVAL_UNITS as readonly unknown[]).includes(unit)
  );
}

function requireInterval(interval: Interval): void {
  if (!isInterval(interval)) throw new RangeError(`Not an interval: ${JSON.stringify(interval)}`);
}

/**
 * `date` plus `times` intervals (times may be 0 or negative). Days and weeks are exact; months and years
 * are calendar months from `date` clamped to the month's end, computed in one step from `date`:
 * 31 Jan + 2 months = 31 Mar (not 28 Mar via 28 Feb); 29 Feb 2024 + 1 year = 28 Feb 2025.
 */
export function addInterval(date: CalendarDate, interval: Interval, times = 1): CalendarDate {
  requireInterval(interval);
  requireInteger(times, 'Times');
  const n = interval.count * times;
  switch (interval.unit) {
    case 'day':
      return addDays(date, n);
    case 'week':
      return addDays(date, 7 * n);
    case 'month':
      return addMonths(date, n);
    case 'year':
      return addMonths(date, 12 * n);
  }
}

/**
 * The fewest days an interval can span from any start date (28 a month, 365 a year): a due-soon window
 * shorter than this never covers a whole cycle.
 */
export function minIntervalDays(interval: Interval): number {
  requireInterval(interval);
  const perUnit: Record<IntervalUnit, number> = { day: 1, week: 7, month: 28, year: 365 };
  return interval.count * perUnit[interval.unit];
}

/** "1 week", "6 months", "5 years". */
export function intervalLabel(interval: Interval): string {
  requireInterval(interval);
  return `${interval.count} ${interval.unit}${interval.count === 1 ? '' : 's'}`;
}

/** Negative when a is earlier, 0 when equal, positive when later (a comparator for sort). */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  parseCalendarDate(a);
  parseCalendarDate(b);
  // Fixed-width, zero-padded: string order is date order.
  return a < b ? -1 : a > b ? 1 : 0;
}

/** b − a in whole days: daysBetween('2026-01-01', '2026-01-31') = 30; negative when b is earlier. */
export function daysBetween(a: CalendarDate, b: CalendarDate): number {
  return toEpochDay(parseCalendarDate(b)) - toEpochDay(parseCalendarDate(a));
}

/** The earliest of the dates. */
export function minDate(first: CalendarDate, ...rest: CalendarDate[]): CalendarDate {
  parseCalendarDate(first);
  return rest.reduce((earliest, date) => (compareDates(date, earliest) < 0 ? date : earliest), first);
}

/** The latest of the dates. */
export function maxDate(first: CalendarDate, ...rest: CalendarDate[]): CalendarDate {
  parseCalendarDate(first);
  return rest.reduce((latest, date) => (compareDates(date, latest) > 0 ? date : latest), first);
}

const wallDateFormats = new Map<string, Intl.DateTimeFormat>();

function wallDateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallDateFormats.get(timeZone);
  if (!format) {
    // Throws a RangeError for a zone the runtime does not know.
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    wallDateFormats.set(timeZone, format);
  }
  return format;
}

/** True for an IANA zone name the runtime knows, e.g. 'Europe/London'. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    wallDateFormat(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The date on a wall calendar in `timeZone` at the instant `now`: 2026-06-30T23:30Z is 2026-07-01 in
 * London (BST) but still 2026-06-30 in UTC. The server passes the organisation's zone; status is then
 * the same whichever zone the server or the browser runs in.
 */
export function todayIn(timeZone: string = ORGANISATION_TIME_ZONE_DEFAULT, now: Date = new Date()): CalendarDate {
  if (Number.isNaN(now.getTime())) throw new RangeError('todayIn needs a valid Date');
  const parts = wallDateFormat(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return calendarDate(part('year'), part('month'), part('day'));
}
