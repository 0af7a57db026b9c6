/**
 * A datetime-local input works in local wall-clock time ('2026-03-05T14:30') while the API wants an
 * ISO timestamp with an offset. These convert between the two, keeping the surveyor's own offset
 * ('2026-03-05T14:30:00+01:00') so the stored value still says what the clock on site showed.
 */
const pad = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');

/** The value a datetime-local input shows for `date` (minutes precision). */
export function toDateTimeLocal(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as ISO 8601 with the local offset; blank or unreadable gives undefined. */
export function dateTimeLocalToIso(value: string | null | undefined): string | undefined {
  const match = value && /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s = '00'] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(date.getTime())) return undefined;
  // getTimezoneOffset is minutes *behind* UTC, so UTC+1 gives -60.
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}
