import { Link } from 'wouter';
import { ChevronRight } from 'lucide-react';
import type { LocationTree } from '@shared/contract/locations';
import { paths } from '@/config/paths';

const CRUMB = 'rounded font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * Locations › North › Mill › Mill A: the way up from a location page, every level a link. For a
 * user limited to areas the trail starts at their area (the levels above are not theirs to open).
 */
export function LocationTrail({ ancestors, current }: { ancestors: LocationTree['ancestors']; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-3" data-testid="location-trail">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm">
        <li>
          <Link href={paths.locations} className={CRUMB}>
            Locations
          </Link>
        </li>
        {ancestors.map((place) => (
          <li key={place.id} className="flex min-w-0 items-center gap-1">
            <ChevronRight className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
            <Link href={paths.location(place.id)} className={`${CRUMB} min-w-0 break-words`}>
              {place.name}
            </Link>
          </li>
        ))}
        <li className="flex min-w-0 items-center gap-1">
          <ChevronRight className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
          <span aria-current="page" className="min-w-0 break-words font-semibold">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  );
}
