import type { Meter } from '../../../shared/contract/meters';

/** How meter readings and their dates read on screen (en-GB, like the server's messages: "12,345"). */
const NUMBER = new Intl.NumberFormat('en-GB');
const COMPACT = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });

/** 12345 → "12,345". */
export const formatReading = (value: number): string => NUMBER.format(value);

/** Short enough for a chart label: 12345 → "12K", 950 → "950". */
export const formatCompact = (value: number): string => (Math.abs(value) < 10_000 ? NUMBER.format(value) : COMPACT.format(value));

function dateOf(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A reading's timestamp as the viewer's local calendar date: "22 Nov 2026". */
export function formatReadingDate(value: string): string {
  const date = dateOf(value);
  return date ? DATE.format(date) : value;
}

/** A reading's timestamp with its local time: "22 Nov 2026, 14:30". */
export function formatReadingDateTime(value: string): string {
  const date = dateOf(value);
  return date ? DATE_TIME.format(date) : value;
}

/** The day and month only, for chart labels: "22 Nov". */
export function formatDayMonth(value: string): string {
  const date = dateOf(value);
  return date ? DAY_MONTH.format(date) : value;
}

/** "× 10" for a multiplier other than 1 (spec §2: the multiplier shows only when it is not 1). */
export const multiplierLabel = (multiplier: number): string | null => (multiplier === 1 ? null : `× ${formatReading(multiplier)}`);

/** "12,345 kWh on 22 Nov 2026", or null before the meter's first reading. */
export function latestReadingText(meter: Pick<Meter, 'lastReading' | 'lastReadingDate' | 'unit'>): string | null {
  if (meter.lastReading === null || !meter.lastReadingDate) return null;
  return `${formatReading(meter.lastReading)} ${meter.unit} on ${formatReadingDate(meter.lastReadingDate)}`;
}

/** "Last reading: 12,345 kWh on 22 Nov 2026", or 'No readings yet'. */
export function lastReadingText(meter: Pick<Meter, 'lastReading' | 'lastReadingDate' | 'unit'>): string {
  const latest = latestReadingText(meter);
  return latest ? `Last reading: ${latest}` : 'No readings yet';
}
