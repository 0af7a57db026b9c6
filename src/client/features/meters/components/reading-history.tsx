import type { Reading } from '@shared/contract/meters';
import { Badge } from '@/components/ui/badge';
import { formatReading } from '@/features/meters/format';
import { formatDateTime } from '@/lib/format';

/**
 * A meter's readings, newest first: date, reading, consumption since the one before, who recorded
 * it, notes, and a 'Reset' marker where the meter was replaced or rolled over. A list rather than a
 * table, so each row stays readable on a phone.
 */
export function ReadingHistory({ readings, unit }: { readings: readonly Reading[]; unit: string }) {
  return (
    <ol className="divide-y rounded-md border" aria-label="Reading history">
      {readings.map((reading) => (
        <li key={reading.id} className="grid gap-1 p-3 text-sm" data-testid="reading-row">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <time dateTime={reading.readingDate} className="font-medium" data-testid="reading-date">
              {formatDateTime(reading.readingDate)}
            </time>
            <span className="font-semibold tabular-nums" data-testid="reading-value">
              {formatReading(reading.reading)} {unit}
            </span>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-muted-foreground">
            <span data-testid="reading-consumption">
              <Consumption reading={reading} unit={unit} />
            </span>
            <span>Recorded by {reading.recordedByName ?? 'an unknown user'}</span>
          </div>
          {reading.notes && <p className="whitespace-pre-wrap break-words">{reading.notes}</p>}
        </li>
      ))}
    </ol>
  );
}

function Consumption({ reading, unit }: { reading: Reading; unit: string }) {
  if (reading.isReset) {
    return (
      <span className="inline-flex items-center gap-2">
        <Badge className="border-amber-500/60 bg-amber-50 text-amber-900" data-testid="reading-reset">
          Reset
        </Badge>
        meter replaced or rolled over
      </span>
    );
  }
  if (reading.consumption === null) return <>First reading</>;
  return (
    <>
      Consumption: <span className="tabular-nums text-foreground">{formatReading(reading.consumption)} {unit}</span>
    </>
  );
}
