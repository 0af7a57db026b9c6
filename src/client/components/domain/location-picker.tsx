import { MapPin } from 'lucide-react';
import type { Location } from '@shared/contract/locations';
import { LOCATION_TYPE_LABELS, type LocationType } from '@shared/domain/locations';
import { SearchPicker } from '@/components/ui/search-picker';
import { useLocationOptions } from './api/use-location-options';

/**
 * Picks a location by typing part of its path. With `allowedTypes` (e.g. the possible parents of a
 * new location), only those types are offered.
 */
export function LocationPicker({
  allowedTypes,
  selectedPath,
  placeholder = 'Select a location',
  ...props
}: {
  id: string;
  value: string | null | undefined;
  /** The chosen location's path, when the caller already knows it (e.g. editing an asset). */
  selectedPath?: string | null;
  onChange: (location: Location | null) => void;
  allowedTypes?: readonly LocationType[];
  placeholder?: string;
  invalid?: boolean;
  clearable?: boolean;
}) {
  const useOptions = (term: string, enabled: boolean) => useLocationOptions(term, enabled, allowedTypes);
  return (
    <SearchPicker<Location>
      {...props}
      selectedLabel={selectedPath}
      placeholder={placeholder}
      noun="locations"
      labelOf={(location) => location.path}
      useOptions={useOptions}
      renderOption={(location) => (
        <>
          <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0">
            <span className="block truncate font-medium">{location.name}</span>
            <span className="block truncate text-xs text-muted-foreground">
              {LOCATION_TYPE_LABELS[location.type]} · {location.path}
            </span>
          </span>
        </>
      )}
    />
  );
}
