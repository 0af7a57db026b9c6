import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import { Box, ChevronsUpDown } from 'lucide-react';
import type { AssetListItem } from '../../../shared/contract/assets';
import { ASSET_TYPE_LABELS } from '../../../shared/domain/assets';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { cn } from '../../lib/cn';
import { Input } from '../ui/input';

const RESULT_LIMIT = 20;

/** How a chosen asset reads in the trigger: its code, type and where it is. */
export function assetLabel(asset: Pick<AssetListItem, 'assetId' | 'type' | 'locationPath'>): string {
  return `${asset.assetId} · ${ASSET_TYPE_LABELS[asset.type]} · ${asset.locationPath}`;
}

/**
 * Picks an asset by typing part of its code, make, model or serial (searches the server, so it stays
 * quick with a large register). Shows the chosen asset's code, type and location.
 */
export function AssetPicker({
  id,
  value,
  selectedLabel,
  onChange,
  placeholder = 'Select an asset',
  invalid,
  clearable = false,
}: {
  id: string;
  value: string | null | undefined;
  /** The chosen asset's label, when the caller already knows it (e.g. editing an action). */
  selectedLabel?: string | null;
  onChange: (asset: AssetListItem | null) => void;
  placeholder?: string;
  invalid?: boolean;
  clearable?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<AssetListItem | null>(null);
  const term = useDebouncedValue(search.trim(), 200);

  const { data: options = [], isFetching } = useQuery<AssetListItem[]>({
    queryKey: ['/api/assets', { search: term, limit: RESULT_LIMIT }],
    enabled: open,
  });
  const label = value ? (picked?.id === value ? assetLabel(picked) : selectedLabel) : null;

  const choose = (asset: AssetListItem | null) => {
    setPicked(asset);
    onChange(asset);
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
            'flex h-10 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-left text-base md:text-sm',
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
            placeholder="Type to search assets…"
            aria-label="Search assets"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                if (options[0]) choose(options[0]);
              }
            }}
          />
          <ul role="listbox" aria-label="Assets" className="mt-2 max-h-64 overflow-y-auto">
            {clearable && value && (
              <li>
                <button type="button" role="option" aria-selected={false} className="w-full rounded px-2 py-1.5 text-left text-sm text-muted-foreground hover:bg-accent" onClick={() => choose(null)}>
                  None
                </button>
              </li>
            )}
            {options.map((asset) => (
              <li key={asset.id}>
                <button
                  type="button"
                  role="option"
                  aria-selected={asset.id === value}
                  className={cn('flex w-full items-start gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none', asset.id === value && 'bg-accent')}
                  onClick={() => choose(asset)}
                >
                  <Box className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
                  <span className="min-w-0">
                    <span className="block truncate font-medium">
                      {asset.assetId} · {ASSET_TYPE_LABELS[asset.type]}
                    </span>
                    <span className="block truncate text-xs text-muted-foreground">{asset.locationPath}</span>
                  </span>
                </button>
              </li>
            ))}
            {!isFetching && options.length === 0 && <li className="px-2 py-3 text-center text-sm text-muted-foreground">No assets found</li>}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
