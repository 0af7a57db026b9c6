import { useState, type ReactNode } from 'react';
import { Popover } from 'radix-ui';
import { ChevronsUpDown } from 'lucide-react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/cn';
import { Input } from './input';

/**
 * A combobox that searches the server as the user types (so it stays quick with thousands of
 * records): a trigger showing the current choice, then a popover with a search box and the matches.
 * Enter picks the first match. The caller supplies the search (`useOptions`) and how an option looks.
 */
export function SearchPicker<T extends { id: string }>({
  id,
  value,
  selectedLabel,
  labelOf,
  onChange,
  useOptions,
  renderOption,
  noun,
  placeholder,
  invalid,
  clearable = false,
}: {
  id: string;
  value: string | null | undefined;
  /** The current choice's label when the caller already knows it (e.g. when editing). */
  selectedLabel?: string | null;
  labelOf: (item: T) => string;
  onChange: (item: T | null) => void;
  /** Fetches the matches for the (debounced) search text; only while the popover is open. */
  useOptions: (term: string, enabled: boolean) => { options: T[]; isFetching: boolean };
  renderOption: (item: T) => ReactNode;
  /** Plural noun for the search box and the empty text, e.g. 'locations'. */
  noun: string;
  placeholder: string;
  invalid?: boolean;
  clearable?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<T | null>(null);
  const term = useDebouncedValue(search.trim(), 200);
  const { options, isFetching } = useOptions(term, open);
  const label = value ? (picked?.id === value ? labelOf(picked) : selectedLabel) : null;

  const choose = (item: T | null) => {
    setPicked(item);
    onChange(item);
    setOpen(false);
    setSearch('');
  };
  const optionClass = 'flex w-full items-start gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none';

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
        <Popover.Content align="start" sideOffset={4} className="z-[60] w-(--radix-popover-trigger-width) min-w-72 rounded-md border bg-background p-2 shadow-md">
          <Input
            autoFocus
            placeholder={`Type to search ${noun}…`}
            aria-label={`Search ${noun}`}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                if (options[0]) choose(options[0]);
              }
            }}
          />
          {/* Options are the listbox's own children: a list item between them would hide their role. */}
          {(options.length > 0 || (clearable && value)) && (
            <div role="listbox" aria-label={noun[0]!.toUpperCase() + noun.slice(1)} className="mt-2 max-h-64 overflow-y-auto">
              {clearable && value && (
                <button type="button" role="option" aria-selected={false} className={cn(optionClass, 'text-muted-foreground')} onClick={() => choose(null)}>
                  None
                </button>
              )}
              {options.map((item) => (
                <button
                  key={item.id}
                  type="button"
                  role="option"
                  aria-selected={item.id === value}
                  className={cn(optionClass, item.id === value && 'bg-accent')}
                  onClick={() => choose(item)}
                >
                  {renderOption(item)}
                </button>
              ))}
            </div>
          )}
          {!isFetching && options.length === 0 && <p className="mt-2 px-2 py-3 text-center text-sm text-muted-foreground">No {noun} found</p>}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
