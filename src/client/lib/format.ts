/**
 * How numbers and dates read on screen, the same on every page (en-GB: "12,345", "22 Nov 2026").
 * Anything that does not parse is shown as it is.
 */
const NUMBER = new Intl.NumberFormat('en-GB');
const CALENDAR_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const LOCAL_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const LOCAL_DATE_TIME = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** 12345 → "12,345". */
export const formatNumber = (value: number): string => NUMBER.format(value);

const parse = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * A calendar date as stored for target, install and warranty dates ('YYYY-MM-DD'), e.g. "22 Nov 2026".
 * Read in UTC, so the day never shifts with the viewer's time zone.
 */
export function formatCalendarDate(value: string): string {
  const date = parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return date ? CALENDAR_DATE.format(date) : value;
}

/** A point in time (ISO timestamp) as the viewer's local calendar date, e.g. "22 Nov 2026". */
export function formatLocalDate(value: string): string {
  const date = parse(value);
  return date ? LOCAL_DATE.format(date) : value;
}

/** A point in time with its local time, e.g. "22 Nov 2026, 14:30". */
export function formatDateTime(value: string): string {
  const date = parse(value);
  return date ? LOCAL_DATE_TIME.format(date) : value;
}

/** "1 assessment", "2 assessments". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** A file's size: "340 KB", "12.5 MB", "1.2 GB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
}
