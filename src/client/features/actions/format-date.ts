const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const LOCAL_DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * A calendar date (YYYY-MM-DD, as stored for target dates) read as e.g. "22 Nov 2026". Formatted in
 * UTC so the day never shifts with the viewer's time zone; anything unparseable is shown as it is.
 */
export function formatCalendarDate(value: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : DATE_FORMAT.format(date);
}

/** A point in time (ISO timestamp) as the viewer's local calendar date, e.g. "22 Nov 2026". */
export function formatLocalDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : LOCAL_DATE_FORMAT.format(date);
}
