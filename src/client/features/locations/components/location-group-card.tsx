import { useId, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { Building, Building2, Globe2, Layers, MapPin, Network, SquareDashed, type LucideIcon } from 'lucide-react';
import type { LocationSummary } from '@shared/contract/locations';
import { LOCATION_GROUP_PREVIEW, LOCATION_TYPE_LABELS, type LocationType } from '@shared/domain/locations';
import { Card, CardContent } from '@/components/ui/card';
import { LocationsOfTypeDialog } from './locations-of-type-dialog';

export const LOCATION_TYPE_ICONS: Record<LocationType, LucideIcon> = {
  organisation: Building2,
  region: Globe2,
  site: MapPin,
  building: Building,
  floor: Layers,
  area: SquareDashed,
};

type LocationGroup = LocationSummary[number];

/** One type's card on the Locations page: total, the first names with codes, then '+N more'. */
export function LocationGroupCard({ group }: { group: LocationGroup }) {
  const headingId = useId();
  const [showAll, setShowAll] = useState(false);
  const Icon = LOCATION_TYPE_ICONS[group.type] ?? Network;
  const label = LOCATION_TYPE_LABELS[group.type];
  const preview = group.preview.slice(0, LOCATION_GROUP_PREVIEW);
  const more = group.total - preview.length;

  return (
    <Card className="flex min-w-0 flex-col" role="region" aria-labelledby={headingId} data-location-type={group.type}>
      <div className="flex items-center justify-between gap-3 p-6 pb-3">
        <div className="flex min-w-0 items-center gap-2">
          <Icon className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
          <h2 id={headingId} className="truncate text-lg font-semibold">
            {label}
          </h2>
        </div>
        {/* A plain span's aria-label is not announced (ARIA prohibits it): the words are hidden text instead. */}
        <span className="rounded-full bg-muted px-2.5 py-0.5 text-sm font-semibold tabular-nums">
          <span aria-hidden data-testid="location-group-total">
            {group.total}
          </span>
          <span className="sr-only">{group.total} in total</span>
        </span>
      </div>
      <CardContent className="flex flex-1 flex-col gap-2">
        <ul className="grid grid-cols-1 gap-1.5" aria-label={`${label} names`}>
          {preview.map((location) => (
            <li key={location.id} className="flex min-w-0 items-baseline justify-between gap-3 text-sm" title={location.path}>
              <Link href={paths.location(location.id)} className="min-w-0 truncate font-medium text-primary underline-offset-4 hover:underline">
                {location.name}
              </Link>
              {location.code && <span className="max-w-[40%] shrink-0 truncate font-mono text-xs text-muted-foreground" title={location.code}>{location.code}</span>}
            </li>
          ))}
        </ul>
        {more > 0 && (
          <button
            type="button"
            className="self-start rounded text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            onClick={() => setShowAll(true)}
          >
            +{more} more
          </button>
        )}
      </CardContent>
      <LocationsOfTypeDialog type={group.type} total={group.total} open={showAll} onOpenChange={setShowAll} />
    </Card>
  );
}
