import { useId, useLayoutEffect, useRef } from 'react';
import { consumptionSeries, describeConsumption, type ConsumptionPoint } from '@/features/meters/consumption-series';
import type { Reading } from '@shared/contract/meters';
import { formatCompact, formatDayMonth, formatReading } from '@/features/meters/format';
import { formatLocalDate } from '@/lib/format';

// Drawn at a fixed pixel size, so labels stay legible on a phone; a long history scrolls sideways.
const SLOT = 44;
const BAR = 28;
const PLOT_HEIGHT = 140;
const TOP = 18; // room for the value above the tallest bar
const BOTTOM = 22; // room for the date under each bar
const HEIGHT = TOP + PLOT_HEIGHT + BOTTOM;

/**
 * Consumption per period of the loaded readings, as a small bar chart: one bar per period, labelled
 * with the period's end date, and a gap where the meter was reset. Screen readers get a summary.
 */
export function ConsumptionChart({ readings, unit }: { readings: readonly Reading[]; unit: string }) {
  const points = consumptionSeries(readings);
  const title = `Consumption per period (${unit})`;
  const titleId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const newestId = points[points.length - 1]?.id;

  // Show the latest periods first: start scrolled to the right end.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, [newestId]);

  return (
    <section aria-labelledby={titleId} className="grid gap-2">
      <h3 id={titleId} className="text-sm font-semibold">
        {title}
      </h3>
      {points.length === 0 ? (
        <p className="text-sm text-muted-foreground">Consumption shows once the meter has two readings.</p>
      ) : (
        <div ref={scroller} className="overflow-x-auto rounded-md border bg-background p-2">
          <Bars points={points} unit={unit} label={describeConsumption(points, unit)} />
        </div>
      )}
    </section>
  );
}

function Bars({ points, unit, label }: { points: ConsumptionPoint[]; unit: string; label: string }) {
  const max = Math.max(0, ...points.map((p) => (p.kind === 'bar' ? p.value : 0)));
  const width = points.length * SLOT;
  const baseline = TOP + PLOT_HEIGHT;
  return (
    <svg role="img" aria-label={label} width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} className="block min-w-full" data-testid="consumption-chart">
      <line x1={0} x2={width} y1={baseline} y2={baseline} className="stroke-border" strokeWidth={1} />
      {points.map((point, index) => {
        const centre = index * SLOT + SLOT / 2;
        if (point.kind === 'gap') {
          return (
            <g key={point.id} data-testid="consumption-gap">
              <title>{`Meter reset on ${formatLocalDate(point.date)}`}</title>
              <line x1={centre} x2={centre} y1={TOP} y2={baseline} className="stroke-muted-foreground" strokeDasharray="3 3" strokeWidth={1} />
              <text x={centre} y={HEIGHT - 6} textAnchor="middle" className="fill-muted-foreground text-[10px]">
                Reset
              </text>
            </g>
          );
        }
        // Negative consumption cannot be drawn on this scale: it sits on the baseline, value shown.
        const height = max > 0 ? (Math.max(0, point.value) / max) * PLOT_HEIGHT : 0;
        return (
          <g key={point.id} data-testid="consumption-bar" data-value={point.value}>
            <title>{`${formatLocalDate(point.date)}: ${formatReading(point.value)} ${unit}`}</title>
            <rect x={centre - BAR / 2} y={baseline - height} width={BAR} height={height} rx={2} className="fill-primary" />
            <text x={centre} y={baseline - height - 4} textAnchor="middle" className="fill-foreground text-[10px]">
              {formatCompact(point.value)}
            </text>
            <text x={centre} y={HEIGHT - 6} textAnchor="middle" className="fill-muted-foreground text-[10px]">
              {formatDayMonth(point.date)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
