import { useId, useState } from 'react';
import { MapPin, Plus, X } from 'lucide-react';
import type { Area } from '@shared/contract/auth';
import type { ManagedUser } from '@shared/contract/users';
import { AREAS_MAX } from '@shared/domain/accounts';
import { LOCATION_TYPE_LABELS } from '@shared/domain/locations';
import { useLocationOptions } from '@/components/domain/api/use-location-options';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { areaNames, WHOLE_ESTATE_LABEL } from '@/lib/areas';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useUpdateUser } from '@/features/users/api/use-update-user';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Limits an area manager to some location subtrees (ADR 024, "Areas"): search the register, add
 * locations, remove them; none chosen is the whole estate. Saving sends the whole list at once, so
 * the admin can change their mind freely before anything reaches the server.
 */
export function AreasDialog({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const update = useUpdateUser();
  const [chosen, setChosen] = useState<Area[]>(user.areas ?? []);
  const full = chosen.length >= AREAS_MAX;

  const add = (area: Area) => setChosen((current) => (current.some((a) => a.id === area.id) ? current : [...current, area]));
  const remove = (id: string) => setChosen((current) => current.filter((a) => a.id !== id));
  const save = () =>
    update.mutate(
      { id: user.id, areaLocationIds: chosen.map((area) => area.id) },
      {
        onSuccess: () => {
          toast({
            title: 'Areas saved',
            description: chosen.length ? `${user.fullName} now works in ${areaNames(chosen)} only.` : `${user.fullName} now works across the whole estate.`,
          });
          onClose();
        },
      },
    );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !update.isPending && onClose()}
      title={`Areas of ${user.fullName}`}
      description="They see and change only these locations and everything below them. With none chosen, they work across the whole estate."
      footer={
        <>
          <Button type="button" variant="outline" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="button" onClick={save} disabled={update.isPending}>
            {update.isPending && <Spinner className="h-4 w-4 text-primary-foreground" />}
            Save areas
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <ChosenAreas areas={chosen} onRemove={remove} />
        {full && <p className="text-sm text-muted-foreground">At most {AREAS_MAX} areas: remove one to add another.</p>}
        <LocationSearch chosen={chosen} disabled={full} onAdd={add} />
        {update.isError && (
          <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
            Could not save the areas: {errorMessage(update.error)}
          </p>
        )}
      </div>
    </Dialog>
  );
}

function ChosenAreas({ areas, onRemove }: { areas: Area[]; onRemove: (id: string) => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-medium">
        Chosen areas
      </h3>
      {areas.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground" data-testid="areas-whole-estate">
          {WHOLE_ESTATE_LABEL}: no areas chosen
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-labelledby={headingId}>
          {areas.map((area) => (
            <li key={area.id} className="inline-flex min-w-0 max-w-full items-center gap-1 rounded-full border bg-accent py-0.5 pl-3 pr-1 text-sm" title={area.path}>
              <span className="truncate">{area.name}</span>
              <button
                type="button"
                className="rounded-full p-1 hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={`Remove ${area.path}`}
                onClick={() => onRemove(area.id)}
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A search of the register (debounced, on the server, so it stays quick in a large estate). */
function LocationSearch({ chosen, disabled, onAdd }: { chosen: Area[]; disabled: boolean; onAdd: (area: Area) => void }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { options, isFetching } = useLocationOptions(term, term.length > 0);
  const matches = options.filter((location) => !chosen.some((area) => area.id === location.id));

  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-search`}>Search locations</Label>
      <Input
        id={`${id}-search`}
        type="search"
        autoComplete="off"
        placeholder="Type part of a location's name or path"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {term && matches.length > 0 && (
        <ul className="grid max-h-72 gap-1 overflow-y-auto rounded-md border p-1" aria-label="Matching locations">
          {matches.map((location) => (
            <li key={location.id} className="flex items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-muted/50">
              <MapPin className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{location.name}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  {LOCATION_TYPE_LABELS[location.type]} · {location.path}
                </span>
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={disabled}
                aria-label={`Add ${location.path}`}
                onClick={() => onAdd({ id: location.id, name: location.name, path: location.path })}
              >
                <Plus aria-hidden /> Add
              </Button>
            </li>
          ))}
        </ul>
      )}
      {term && !isFetching && matches.length === 0 && <p className="px-2 py-3 text-center text-sm text-muted-foreground">No locations found</p>}
    </div>
  );
}
