import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { useState } from 'react';
import { Search } from 'lucide-react';
import { LOCATION_TYPE_LABELS, type LocationType } from '@shared/domain/locations';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { LOCATIONS_OF_TYPE_LIMIT, useLocationsOfType } from '@/features/locations/api/use-locations-of-type';

/** Every location of one type ('+N more' on a group card), with their paths and a search box. */
export function LocationsOfTypeDialog({
  type,
  total,
  open,
  onOpenChange,
}: {
  type: LocationType;
  total: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const { data: locations = [], isLoading, isError, error } = useLocationsOfType(type, term, open);
  const label = LOCATION_TYPE_LABELS[type];

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setSearch('');
        onOpenChange(next);
      }}
      title={`All ${label.toLowerCase()} locations`}
      description={`${total} in total`}
    >
      <div className="grid grid-cols-1 gap-3">
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            className="pl-9"
            placeholder={`Search ${label.toLowerCase()} locations…`}
            aria-label={`Search ${label.toLowerCase()} locations`}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        {isLoading ? (
          <div className="grid grid-cols-1 gap-2" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(error)}
          </p>
        ) : locations.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No locations found</p>
        ) : (
          <>
            <ul className="divide-y rounded-md border" aria-label={`${label} locations`}>
              {locations.map((location) => (
                <li key={location.id} className="flex items-start justify-between gap-3 px-3 py-2">
                  <div className="min-w-0">
                    <Link href={paths.location(location.id)} className="block truncate text-sm font-medium text-primary underline-offset-4 hover:underline">
                      {location.name}
                    </Link>
                    <p className="truncate text-xs text-muted-foreground">{location.path}</p>
                  </div>
                  {location.code && <span className="max-w-[40%] shrink-0 truncate font-mono text-xs text-muted-foreground" title={location.code}>{location.code}</span>}
                </li>
              ))}
            </ul>
            {locations.length >= LOCATIONS_OF_TYPE_LIMIT && (
              <p className="text-xs text-muted-foreground">Showing the first {LOCATIONS_OF_TYPE_LIMIT}. Type to narrow the list.</p>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
