import { ChevronRight } from 'lucide-react';
import { useLocationDetail } from '@/features/compliance/api/use-location-detail';

interface BreadcrumbProps {
  /** The location drilled into; null at the top. */
  location: { id: string; name: string } | null;
  /** What the top is called: the whole estate, or the user's areas. */
  rootLabel: string;
  onOpen: (locationId: string | undefined) => void;
}

const CRUMB = 'rounded font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Whole estate › North › Mill: each crumb above the current location goes back up to it. */
export function LocationBreadcrumb({ location, rootLabel, onOpen }: BreadcrumbProps) {
  return (
    <nav aria-label="Location" data-testid="compliance-breadcrumb">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm">
        <li>
          {location ? (
            <button type="button" className={CRUMB} onClick={() => onOpen(undefined)}>
              {rootLabel}
            </button>
          ) : (
            <span aria-current="page" className="font-semibold">
              {rootLabel}
            </span>
          )}
        </li>
        {location && (
          <>
            <AncestorsOf id={location.id} onOpen={onOpen} />
            <li className="flex items-center gap-1">
              <ChevronRight className="h-4 w-4 text-muted-foreground" aria-hidden />
              <span aria-current="page" className="font-semibold">
                {location.name}
              </span>
            </li>
          </>
        )}
      </ol>
    </nav>
  );
}

/** The crumbs above a location, top first; they appear as each parent loads. */
function AncestorsOf({ id, onOpen }: { id: string; onOpen: BreadcrumbProps['onOpen'] }) {
  const { data: place } = useLocationDetail(id);
  return place?.parentId ? <Crumb id={place.parentId} onOpen={onOpen} /> : null;
}

/** One ancestor, after its own ancestors. One outside the user's areas is not found, and the trail stops there. */
function Crumb({ id, onOpen }: { id: string; onOpen: BreadcrumbProps['onOpen'] }) {
  const { data: place } = useLocationDetail(id);
  if (!place) return null;
  return (
    <>
      {place.parentId && <Crumb id={place.parentId} onOpen={onOpen} />}
      <li className="flex items-center gap-1">
        <ChevronRight className="h-4 w-4 text-muted-foreground" aria-hidden />
        <button type="button" className={CRUMB} onClick={() => onOpen(place.id)}>
          {place.name}
        </button>
      </li>
    </>
  );
}
