import type { Meter } from '@shared/contract/meters';
import { formatLocalDate, formatNumber } from '@/lib/format';

/** Meter-specific wording on top of the shared number and date formats (lib/format.ts). */
const COMPACT = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });

/** 12345 → "12,345". */
export const formatReading = formatNumber;

/** Short enough for a chart label: 12345 → "12K", 950 → "950". */
export const formatCompact = (value: number): string => (Math.abs(value) < 10_000 ? formatNumber(value) : COMPACT.format(value));

/** The day and month only, for chart labels: "22 Nov". */
export function formatDayMonth(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : DAY_MONTH.format(date);
}

/** "× 10" for a multiplier other than 1 (spec §2: the multiplier shows only when it is not 1). */
export const multiplierLabel = (multiplier: number): string | null => (multiplier === 1 ? null : `× ${formatReading(multiplier)}`);

/** "12,345 kWh on 22 Nov 2026", or null before the meter's first reading. */
export function latestReadingText(meter: Pick<Meter, 'lastReading' | 'lastReadingDate' | 'unit'>): string | null {
  if (meter.lastReading === null || !meter.lastReadingDate) return null;
  return `${formatReading(meter.lastReading)} ${meter.unit} on ${formatLocalDate(meter.lastReadingDate)}`;
}

/** "Last reading: 12,345 kWh on 22 Nov 2026", or 'No readings yet'. */
export function lastReadingText(meter: Pick<Meter, 'lastReading' | 'lastReadingDate' | 'unit'>): string {
  const latest = latestReadingText(meter);
  return latest ? `Last reading: ${latest}` : 'No readings yet';
}
