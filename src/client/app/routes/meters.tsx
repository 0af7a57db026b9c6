import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { Gauge, Plus } from 'lucide-react';
import type { Meter } from '@shared/contract/meters';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/permissions';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/lib/api-client';
import { useMeters } from '@/features/meters/api/use-meters';
import { AddMeterDialog } from '@/features/meters/components/add-meter-dialog';
import { AddReadingDialog } from '@/features/meters/components/add-reading-dialog';
import { MeterCard, MeterCardSkeleton } from '@/features/meters/components/meter-card';
import { MeterDetailDialog } from '@/features/meters/components/meter-detail-dialog';

const SKELETON_CARDS = 6;
/** ?meter=<id> opens that meter's detail (global search links meter results here). */
const METER_PARAM = 'meter';

/** Meters (spec §2): meter cards with their latest reading, Add Meter, Add Reading and each meter's detail. */
export default function MetersPage() {
  const { data: meters, isLoading, isError, error } = useMeters();
  const [params, setParams] = useSearchParams();
  const [addingMeter, setAddingMeter] = useState(false);
  const [readingFor, setReadingFor] = useState<Meter | null>(null);
  const openMeterId = params.get(METER_PARAM);

  // The open meter lives in the URL, so a detail can be linked to and a reload keeps it open.
  const showMeter = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set(METER_PARAM, id);
        else next.delete(METER_PARAM);
        return next;
      },
      { replace: true },
    );

  const { can } = useCan();
  const addMeterButton = can('meter.create') ? (
    <Button type="button" onClick={() => setAddingMeter(true)}>
      <Plus aria-hidden /> Add Meter
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title="Meters" subtitle="Utility meters and their readings" actions={addMeterButton} />
      {isLoading ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading meters">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <MeterCardSkeleton key={i} />
          ))}
        </div>
      ) : isError ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-4 text-sm text-destructive">
          Could not load meters: {errorMessage(error)}
        </p>
      ) : !meters || meters.length === 0 ? (
        <EmptyState icon={Gauge} title="No meters configured">
          {addMeterButton}
        </EmptyState>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {meters.map((meter) => (
            <MeterCard key={meter.id} meter={meter} onOpen={() => showMeter(meter.id)} onAddReading={can('reading.create') ? () => setReadingFor(meter) : undefined} />
          ))}
        </div>
      )}
      <AddMeterDialog open={addingMeter} onOpenChange={setAddingMeter} />
      <AddReadingDialog meter={readingFor} open={readingFor !== null} onOpenChange={(open) => !open && setReadingFor(null)} />
      <MeterDetailDialog meterId={openMeterId} onClose={() => showMeter(null)} />
    </>
  );
}
