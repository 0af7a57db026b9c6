import { useState } from 'react';
import { MapPinned, Plus } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/permissions';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { locationTypeRank } from '@shared/domain/locations';
import { useLocationSummary } from '@/features/locations/api/use-location-summary';
import { LocationGroupCard } from '@/features/locations/components/location-group-card';
import { AddLocationDialog } from '@/features/locations/components/add-location-dialog';
import { LocationTreeView } from '@/features/locations/components/location-tree-view';

/**
 * Locations (spec §2): one card per location type, in hierarchy order, and an Add Location dialog;
 * below them the navigable tree with each node's roll-up (ADR 025), every name opening its page.
 */
export default function LocationsPage() {
  const [adding, setAdding] = useState(false);
  const { data, isLoading, isError, error } = useLocationSummary();
  // Hierarchy order, and only types that have locations, whatever order the server sends.
  const groups = (data ?? []).filter((g) => g.total > 0).sort((a, b) => locationTypeRank(a.type) - locationTypeRank(b.type));
  const addButton = useCan().can('location.create') ? (
    <Button type="button" onClick={() => setAdding(true)}>
      <Plus aria-hidden /> Add Location
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title="Locations" subtitle="Sites, buildings, floors and areas across your estate" actions={addButton} />
      {isLoading ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading locations">
          {Array.from({ length: 3 }, (_, i) => (
            <Card key={i} data-testid="location-group-skeleton">
              <CardHeader>
                <Skeleton className="h-6 w-32" />
              </CardHeader>
              <CardContent className="grid gap-2">
                {Array.from({ length: 4 }, (_, j) => (
                  <Skeleton key={j} className="h-4" />
                ))}
              </CardContent>
            </Card>
          ))}
        </div>
      ) : isError ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-4 text-sm text-destructive">
          Could not load locations: {errorMessage(error)}
        </p>
      ) : groups.length === 0 ? (
        <EmptyState icon={MapPinned} title="No locations configured">
          {addButton}
        </EmptyState>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {groups.map((group) => (
            <LocationGroupCard key={group.type} group={group} />
          ))}
        </div>
      )}
      {groups.length > 0 && (
        <div className="mt-8">
          <LocationTreeView />
        </div>
      )}
      <AddLocationDialog open={adding} onOpenChange={setAdding} />
    </>
  );
}
