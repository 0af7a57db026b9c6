import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import { ChevronsUpDown, MapPin } from 'lucide-react';
import type { Location } from '../../../shared/contract/locations';
import { LOCATION_TYPE_LABELS, type LocationType } from '../../../shared/domain/locations';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { cn } from '../../lib/cn';
import { Input } from '../ui/input';

const RESULT_LIMIT = 50;

/**
 * Picks a location by typing part of its path (searches the server, so it stays quick with
 * thousands of locations). Shows the chosen location's full path.
 */
export function LocationPicker({
  id,
  value,
  selectedPath,
  onChange,
  allowedTypes,
  placeholder = 'Select a location',
  invalid,
  clearable = false,
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
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Location | null>(null);
  const term = useDebouncedValue(search.trim(), 200);

  const { data: results = [], isFetching } = useQuery<Location[]>({
    queryKey: ['/api/locations', { search: term, limit: RESULT_LIMIT }],
    enabled: open,
  });
  const options = allowedTypes ? results.filter((l) => allowedTypes.includes(l.type)) : results;
  const label = value ? (picked?.id === value ? picked.path : selectedPath) : null;

  const choose = (location: Location | null) => {
    setPicked(location);
    onChange(location);
    setOpen(false);
    setSearch('');
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-invalid={invalid || undefined}
          className={cn(
            'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-left text-base md:text-sm',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 aria-[invalid=true]:border-destructive',
            !label && 'text-muted-foreground',
          )}
        >
          <span className="truncate">{label ?? placeholder}</span>
          <ChevronsUpDown className="h-4 w-4 shrink-0 opacity-50" aria-hidden />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-[60] w-(--radix-popover-trigger-width) min-w-72 rounded-md border bg-background p-2 shadow-md"
        >
          <Input
            autoFocus
            placeholder="Type to search locations…"
            aria-label="Search locations"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                if (options[0]) choose(options[0]);
              }
            }}
          />
          <ul role="listbox" aria-label="Locations" className="mt-2 max-h-64 overflow-y-auto">
            {clearable && value && (
              <li>
                <button type="button" role="option" aria-selected={false} className="w-full rounded px-2 py-1.5 text-left text-sm text-muted-foreground hover:bg-accent" onClick={() => choose(null)}>
                  None
                </button>
              </li>
            )}
            {options.map((location) => (
              <li key={location.id}>
                <button
                  type="button"
                  role="option"
                  aria-selected={location.id === value}
                  className={cn('flex w-full items-start gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none', location.id === value && 'bg-accent')}
                  onClick={() => choose(location)}
                >
                  <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{location.name}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {LOCATION_TYPE_LABELS[location.type]} · {location.path}
                    </span>
                  </span>
                </button>
              </li>
            ))}
            {!isFetching && options.length === 0 && <li className="px-2 py-3 text-center text-sm text-muted-foreground">No locations found</li>}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
