import type { Reading } from '@shared/contract/meters';
import { formatReading } from './format';
import { formatLocalDate } from '@/lib/format';

/** One slot of the consumption chart: a period's consumption, or the gap a meter reset leaves. */
export type ConsumptionPoint =
  | { kind: 'bar'; id: string; date: string; value: number }
  | { kind: 'gap'; id: string; date: string };

/**
 * The loaded readings (newest first, as the API sends them) as chart slots in date order: one bar per
 * reading whose consumption the server computed, labelled with the period's end date, and one gap
 * per reset. A reading without consumption that is not a reset is the meter's first: it ends no period.
 */
export function consumptionSeries(readingsNewestFirst: readonly Reading[]): ConsumptionPoint[] {
  const points: ConsumptionPoint[] = [];
  // Reversing keeps the server's tie order (same date: by id) and avoids re-sorting dates.
  for (const reading of [...readingsNewestFirst].reverse()) {
    if (reading.consumption !== null) {
      points.push({ kind: 'bar', id: reading.id, date: reading.readingDate, value: reading.consumption });
    } else if (reading.isReset) {
      // A gap before any bar, or right after another gap, shows nothing new.
      const previous = points[points.length - 1];
      if (previous && previous.kind === 'bar') points.push({ kind: 'gap', id: reading.id, date: reading.readingDate });
    }
  }
  return points;
}

/** What a screen reader hears for the chart (its role="img" label). */
export function describeConsumption(points: readonly ConsumptionPoint[], unit: string): string {
  const title = `Consumption per period (${unit})`;
  const bars = points.filter((p): p is Extract<ConsumptionPoint, { kind: 'bar' }> => p.kind === 'bar');
  if (bars.length === 0) return `${title}: no periods yet`;
  const values = bars.map((b) => b.value);
  const total = values.reduce((sum, v) => sum + v, 0);
  const first = formatLocalDate(bars[0]!.date);
  const last = formatLocalDate(bars[bars.length - 1]!.date);
  const resets = points.length - bars.length;
  const parts = [
    bars.length === 1 ? `1 period ending ${last}` : `${bars.length} periods ending ${first} to ${last}`,
    `total ${formatReading(total)} ${unit}`,
    `lowest ${formatReading(Math.min(...values))}, highest ${formatReading(Math.max(...values))}`,
    `latest ${formatReading(values[values.length - 1]!)} ${unit}`,
  ];
  if (resets > 0) parts.push(resets === 1 ? '1 meter reset shown as a gap' : `${resets} meter resets shown as gaps`);
  return `${title}: ${parts.join('; ')}`;
}
