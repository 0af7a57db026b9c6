import { useId, useState } from 'react';
import { Link } from 'wouter';
import { ChevronRight, Network, Search } from 'lucide-react';
import type { LocationNode } from '@shared/contract/locations';
import { LOCATION_TYPE_LABELS } from '@shared/domain/locations';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLocationSearch, LOCATION_SEARCH_LIMIT } from '@/features/locations/api/use-location-search';
import { useLocationTree } from '@/features/locations/api/use-location-tree';
import { LOCATION_TYPE_ICONS } from './location-group-card';
import { NodeFigures } from './node-figures';

const SEARCH_DEBOUNCE_MS = 300;
const ERROR = 'rounded-md border border-destructive/50 p-3 text-sm text-destructive';
const LINK = 'rounded font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * The estate as a tree (Locations page): the top level first, each node opened in place to load its
 * children, each name a link to the location's page, each row with its subtree's roll-up. The search
 * box finds any location by name, path or code, however deep.
 */
export function LocationTreeView() {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const top = useLocationTree();

  return (
    <section className="grid min-w-0 gap-3" aria-labelledby={headingId}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          <Network className="h-5 w-5 text-muted-foreground" aria-hidden /> Location tree
        </h2>
        <div className="relative sm:w-72">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input type="search" aria-label="Find a location" placeholder="Find a location…" className="pl-9" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
      </div>
      <div className="rounded-lg border p-2 sm:p-3">
        {query ? (
          <SearchResults query={query} />
        ) : top.isLoading ? (
          <TreeSkeleton />
        ) : top.isError || !top.data ? (
          <p role="alert" className={ERROR}>
            Could not load the location tree: {errorMessage(top.error)}
          </p>
        ) : (
          <LocationTreeLevel nodes={top.data.children} truncated={top.data.childrenTruncated} label="Locations" />
        )}
      </div>
    </section>
  );
}

/**
 * One level of the tree: each node with a button that opens it in place (when it has children).
 * Also a location page's list of what lies directly under it.
 */
export function LocationTreeLevel({ nodes, truncated, label }: { nodes: LocationNode[]; truncated: boolean; label: string }) {
  return (
    <ul className="grid min-w-0" aria-label={label}>
      {nodes.map((node) => (
        <TreeNode key={node.id} node={node} />
      ))}
      {truncated && <li className="px-2 py-1.5 text-sm text-muted-foreground">More locations than shown here: use Find a location to reach the rest.</li>}
    </ul>
  );
}

function TreeNode({ node }: { node: LocationNode }) {
  const [open, setOpen] = useState(false);
  const children = useLocationTree(node.id, open);
  const Icon = LOCATION_TYPE_ICONS[node.type];

  return (
    <li className="min-w-0" data-testid="tree-node" data-location-name={node.name}>
      <div className="flex min-w-0 items-start gap-1.5 rounded-md px-1 py-1.5 hover:bg-muted/50">
        {node.childCount > 0 ? (
          <button
            type="button"
            className="mt-0.5 rounded p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-expanded={open}
            aria-label={`${open ? 'Collapse' : 'Expand'} ${node.name}`}
            onClick={() => setOpen(!open)}
          >
            <ChevronRight className={cn('h-4 w-4 transition-transform', open && 'rotate-90')} aria-hidden />
          </button>
        ) : (
          <span className="w-5 shrink-0" aria-hidden />
        )}
        <Icon className="mt-1 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <Link href={paths.location(node.id)} className={cn(LINK, 'min-w-0 break-words')}>
              {node.name}
            </Link>
            <span className="text-xs text-muted-foreground">{LOCATION_TYPE_LABELS[node.type]}</span>
            {node.code && <span className="font-mono text-xs text-muted-foreground">{node.code}</span>}
          </span>
          <NodeFigures node={node} />
        </div>
      </div>
      {open && (
        <div className="ml-3 border-l pl-2 sm:ml-4 sm:pl-3">
          {children.isLoading ? (
            <TreeSkeleton rows={2} />
          ) : children.isError || !children.data ? (
            <p role="alert" className={ERROR}>
              Could not load what lies in {node.name}: {errorMessage(children.error)}
            </p>
          ) : (
            <LocationTreeLevel nodes={children.data.children} truncated={children.data.childrenTruncated} label={`In ${node.name}`} />
          )}
        </div>
      )}
    </li>
  );
}

function SearchResults({ query }: { query: string }) {
  const { data, isLoading, isError, error } = useLocationSearch(query);
  if (isLoading) return <TreeSkeleton rows={3} />;
  if (isError || !data) {
    return (
      <p role="alert" className={ERROR}>
        Could not search locations: {errorMessage(error)}
      </p>
    );
  }
  if (data.length === 0) return <p className="p-2 text-sm text-muted-foreground">No locations match “{query}”.</p>;
  return (
    <div className="grid gap-1">
      <ul className="grid min-w-0" aria-label="Matching locations">
        {data.map((location) => {
          const Icon = LOCATION_TYPE_ICONS[location.type];
          return (
            <li key={location.id} className="flex min-w-0 items-start gap-2 rounded-md px-2 py-1.5 hover:bg-muted/50">
              <Icon className="mt-1 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="grid min-w-0 gap-0.5">
                <Link href={paths.location(location.id)} className={cn(LINK, 'break-words')}>
                  {location.name}
                </Link>
                <span className="break-words text-xs text-muted-foreground">
                  {LOCATION_TYPE_LABELS[location.type]} · {location.path}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      {data.length === LOCATION_SEARCH_LIMIT && <p className="px-2 text-xs text-muted-foreground">The first {LOCATION_SEARCH_LIMIT} matches: type more to narrow them.</p>}
    </div>
  );
}

function TreeSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="grid gap-2 p-1" aria-busy="true" aria-label="Loading locations">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-9" />
      ))}
    </div>
  );
}
