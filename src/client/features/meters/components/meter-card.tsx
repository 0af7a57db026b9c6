import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { MapPin } from 'lucide-react';
import type { Meter } from '@shared/contract/meters';
import { METER_TYPE_LABELS } from '@shared/domain/meters';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { lastReadingText, multiplierLabel } from '@/features/meters/format';
import { MeterTypeIcon } from './meter-type-icon';

/**
 * One meter (spec §2): number, type, unit, multiplier only when not 1, location path and the latest
 * reading, with buttons to open its readings and to add one.
 */
export function MeterCard({ meter, onOpen, onAddReading }: { meter: Meter; onOpen: () => void; onAddReading?: () => void }) {
  const multiplier = multiplierLabel(meter.multiplier);
  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-testid="meter-card">
      <div className="flex items-start gap-3">
        <MeterTypeIcon type={meter.type} className="mt-0.5 h-5 w-5 shrink-0 text-muted-foreground" />
        <div className="min-w-0 flex-1">
          <h2 className="break-words font-semibold">
            {/* The number opens the detail too: the biggest target on the card. */}
            <button type="button" className="text-left hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" onClick={onOpen}>
              {meter.meterNumber}
            </button>
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
            <span data-testid="meter-type">{METER_TYPE_LABELS[meter.type]}</span>
            <span aria-hidden>·</span>
            <span data-testid="meter-unit">{meter.unit}</span>
            {multiplier && (
              <Badge className="ml-1" data-testid="meter-multiplier" title="Multiplier">
                {multiplier}
              </Badge>
            )}
          </div>
        </div>
      </div>
      <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
        <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <Link href={paths.location(meter.locationId)} className="min-w-0 break-words underline-offset-4 hover:text-foreground hover:underline" data-testid="meter-location">
          {meter.locationPath}
        </Link>
      </p>
      <p className="text-sm" data-testid="meter-last-reading">
        {lastReadingText(meter)}
      </p>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" className="flex-1" onClick={onOpen}>
          View readings<span className="sr-only"> of {meter.meterNumber}</span>
        </Button>
        {/* Without onAddReading (the role may not record readings, ADR 024) there is no button. */}
        {onAddReading && (
          <Button type="button" size="sm" className="flex-1" onClick={onAddReading}>
            Add Reading<span className="sr-only"> for {meter.meterNumber}</span>
          </Button>
        )}
      </div>
    </Card>
  );
}

export function MeterCardSkeleton() {
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="meter-card-skeleton">
      <div className="flex items-start gap-3">
        <Skeleton className="h-5 w-5 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-4 w-24" />
        </div>
      </div>
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-full" />
      <div className="flex gap-2">
        <Skeleton className="h-9 flex-1" />
        <Skeleton className="h-9 flex-1" />
      </div>
    </Card>
  );
}
