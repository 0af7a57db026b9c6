import { useState } from 'react';
import { MapPin, Plus } from 'lucide-react';
import type { Meter } from '@shared/contract/meters';
import { METER_TYPE_LABELS } from '@shared/domain/meters';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/permissions';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { LoadMore } from '@/lib/use-infinite-list';
import { useMeter } from '@/features/meters/api/use-meters';
import { useMeterReadings } from '@/features/meters/api/use-meter-readings';
import { formatReading, latestReadingText } from '@/features/meters/format';
import { AddReadingDialog } from './add-reading-dialog';
import { ConsumptionChart } from './consumption-chart';
import { MeterTypeIcon } from './meter-type-icon';
import { ReadingHistory } from './reading-history';
import { WaitingToSync } from '@/components/domain/waiting-to-sync';

/**
 * One meter's detail: its facts, an Add Reading button, the consumption chart and the reading history
 * (newest first, a page at a time). Full screen on a phone, a wide dialog on larger screens.
 */
export function MeterDetailDialog({ meterId, onClose }: { meterId: string | null; onClose: () => void }) {
  const open = meterId !== null;
  const meter = useMeter(meterId ?? '', open);
  const title = meter.data ? `Meter ${meter.data.meterNumber}` : 'Meter';
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={title} className="sm:max-w-3xl!">
      {meterId &&
        (meter.data ? (
          <MeterDetail meter={meter.data} />
        ) : meter.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(meter.error)}
          </p>
        ) : (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading meter">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-64" />
            <Skeleton className="h-40 w-full" />
          </div>
        ))}
    </Dialog>
  );
}

function MeterDetail({ meter }: { meter: Meter }) {
  const [adding, setAdding] = useState(false);
  const mayRecord = useCan().can('reading.create');
  const readings = useMeterReadings(meter.id);
  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" data-testid="meter-facts">
          <dt className="text-muted-foreground">Type</dt>
          <dd className="flex items-center gap-1.5">
            <MeterTypeIcon type={meter.type} className="h-4 w-4 text-muted-foreground" />
            {METER_TYPE_LABELS[meter.type]}
          </dd>
          <dt className="text-muted-foreground">Unit</dt>
          <dd>{meter.unit}</dd>
          <dt className="text-muted-foreground">Multiplier</dt>
          <dd>× {formatReading(meter.multiplier)}</dd>
          <dt className="text-muted-foreground">Location</dt>
          <dd className="flex items-start gap-1.5 break-words">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="min-w-0">{meter.locationPath}</span>
          </dd>
          <dt className="text-muted-foreground">Latest</dt>
          <dd>{latestReadingText(meter) ?? 'No readings yet'}</dd>
        </dl>
        {mayRecord && (
          <Button type="button" className="shrink-0" onClick={() => setAdding(true)}>
            <Plus aria-hidden /> Add Reading
          </Button>
        )}
      </div>

      {readings.isLoading ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading readings">
          <Skeleton className="h-44 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : readings.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load readings: {errorMessage(readings.error)}
        </p>
      ) : (
        <>
          <ConsumptionChart readings={readings.items} unit={meter.unit} />
          <section className="grid gap-2" aria-label="Readings">
            <h3 className="text-sm font-semibold">Reading history</h3>
            <WaitingToSync kind="reading" refKey="meterId" refId={meter.id} label="Readings waiting to sync" />
            {readings.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">No readings yet</p>
            ) : (
              <>
                <ReadingHistory readings={readings.items} unit={meter.unit} />
                <LoadMore list={readings} />
              </>
            )}
          </section>
        </>
      )}
      {/* Rendered inside the detail, so it stacks above it as a nested dialog. */}
      <AddReadingDialog meter={meter} open={adding} onOpenChange={setAdding} />
    </div>
  );
}
