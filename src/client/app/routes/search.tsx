import { useState, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { ClipboardList, Gauge, Package, Search as SearchIcon } from 'lucide-react';
import type { SearchResponse } from '@shared/contract/search';
import type { AssetListItem } from '@shared/contract/assets';
import type { Action } from '@shared/contract/actions';
import type { Meter } from '@shared/contract/meters';
import { ASSET_TYPE_LABELS, METER_TYPE_LABELS, SEARCH_MIN_LENGTH, formatSearchCount, formatSearchSum } from '@shared/domain';
import { PageHeader } from '@/components/layout/page-header';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Skeleton } from '@/components/ui/skeleton';
import { ConditionBadge, PriorityBadge, ActionStatusBadge, OverdueBadge } from '@/components/domain/badges';
import { actionTargetText } from '@/components/domain/action-target';
import { organisationToday } from '@/lib/organisation-today';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { useGlobalSearch } from '@/features/search/api/use-global-search';

const DEBOUNCE_MS = 300;

/**
 * Global search (spec §2): results from 2 characters, tabs with true counts. Each query has its own
 * cache entry and only the current one is shown, so a slow older answer never replaces a newer one.
 */
export default function SearchPage() {
  const initial = new URLSearchParams(useSearch()).get('q') ?? '';
  const [text, setText] = useState(initial);
  const q = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const ready = q.length >= SEARCH_MIN_LENGTH;

  const { data, error } = useGlobalSearch(q, ready);

  return (
    <div className="space-y-6">
      <PageHeader title="Search" subtitle="Find assets, actions and meters across the register" />
      <div className="relative max-w-2xl">
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          autoFocus
          aria-label="Search"
          placeholder="Search assets, actions and meters…"
          className="pl-9"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>

      {!ready || text.trim().length < SEARCH_MIN_LENGTH ? (
        <p className="text-muted-foreground">Enter at least {SEARCH_MIN_LENGTH} characters to see results</p>
      ) : error ? (
        <p className="text-destructive">{errorMessage(error)}</p>
      ) : !data ? (
        <div className="space-y-3" aria-label="Loading results">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : (
        <Results data={data} />
      )}
    </div>
  );
}

function Results({ data }: { data: SearchResponse }) {
  const { totals, totalLimit } = data;
  if (totals.assets + totals.actions + totals.meters === 0) return <p className="py-8 text-center text-muted-foreground">No results found</p>;
  const count = (total: number) => formatSearchCount(total, totalLimit);
  return (
    <Tabs defaultValue="all">
      <TabsList>
        <TabsTrigger value="all">All ({formatSearchSum([totals.assets, totals.actions, totals.meters], totalLimit)})</TabsTrigger>
        <TabsTrigger value="assets">Assets ({count(totals.assets)})</TabsTrigger>
        <TabsTrigger value="actions">Actions ({count(totals.actions)})</TabsTrigger>
        <TabsTrigger value="meters">Meters ({count(totals.meters)})</TabsTrigger>
      </TabsList>
      <TabsContent value="all" className="space-y-6">
        <ResultSection title="Assets" shown={data.assets.length} total={totals.assets}>
          {data.assets.map((a) => <AssetResult key={a.id} asset={a} />)}
        </ResultSection>
        <ResultSection title="Actions" shown={data.actions.length} total={totals.actions}>
          {data.actions.map((a) => <ActionResult key={a.id} action={a} />)}
        </ResultSection>
        <ResultSection title="Meters" shown={data.meters.length} total={totals.meters}>
          {data.meters.map((m) => <MeterResult key={m.id} meter={m} />)}
        </ResultSection>
      </TabsContent>
      <TabsContent value="assets">
        <ResultList empty={data.assets.length === 0} shown={data.assets.length} total={totals.assets}>
          {data.assets.map((a) => <AssetResult key={a.id} asset={a} />)}
        </ResultList>
      </TabsContent>
      <TabsContent value="actions">
        <ResultList empty={data.actions.length === 0} shown={data.actions.length} total={totals.actions}>
          {data.actions.map((a) => <ActionResult key={a.id} action={a} />)}
        </ResultList>
      </TabsContent>
      <TabsContent value="meters">
        <ResultList empty={data.meters.length === 0} shown={data.meters.length} total={totals.meters}>
          {data.meters.map((m) => <MeterResult key={m.id} meter={m} />)}
        </ResultList>
      </TabsContent>
    </Tabs>
  );
}

function ResultSection({ title, shown, total, children }: { title: string; shown: number; total: number; children: ReactNode }) {
  if (total === 0) return null;
  return (
    <section aria-label={title}>
      <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground">{title}</h2>
      <ResultList empty={false} shown={shown} total={total}>
        {children}
      </ResultList>
    </section>
  );
}

function ResultList({ empty, shown, total, children }: { empty: boolean; shown: number; total: number; children: ReactNode }) {
  if (empty) return <p className="py-8 text-center text-muted-foreground">No results found</p>;
  return (
    <div className="space-y-2">
      <ul className="space-y-2">{children}</ul>
      {total > shown && (
        <p className="text-sm text-muted-foreground">
          Showing the best {shown} of {formatSearchCount(total)}. Refine the search to narrow it down.
        </p>
      )}
    </div>
  );
}

const resultClass = 'flex items-start gap-3 rounded-lg border bg-card p-3 hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function AssetResult({ asset }: { asset: AssetListItem }) {
  return (
    <li>
      <Link href={paths.asset(asset.id)} className={resultClass} data-testid="asset-result">
        <Package className="mt-0.5 h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{asset.assetId}</span>
            <span className="text-sm text-muted-foreground">{ASSET_TYPE_LABELS[asset.type]}</span>
            <ConditionBadge condition={asset.condition} />
          </div>
          <p className="truncate text-sm">{[asset.make, asset.model].filter(Boolean).join(' ')}</p>
          <p className="truncate text-xs text-muted-foreground">{asset.locationPath}</p>
        </div>
      </Link>
    </li>
  );
}

function ActionResult({ action }: { action: Action }) {
  // An action opens on its asset when it has one, otherwise in the actions list filtered to it.
  const href = action.assetId ? paths.asset(action.assetId) : `${paths.actions}?search=${encodeURIComponent(action.actionId)}`;
  return (
    <li>
      <Link href={href} className={resultClass} data-testid="action-result">
        <ClipboardList className="mt-0.5 h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{action.actionId}</span>
            <PriorityBadge priority={action.priority} />
            <ActionStatusBadge status={action.status} />
            {action.overdue && <OverdueBadge />}
          </div>
          <p className="truncate text-sm">{action.title}</p>
          <p className={cn('text-xs', action.overdue ? 'font-medium text-red-800' : 'text-muted-foreground')} data-testid="action-result-target">
            {actionTargetText(action, organisationToday())}
          </p>
          {action.assetCode && <p className="text-xs text-muted-foreground">{action.assetCode}</p>}
        </div>
      </Link>
    </li>
  );
}

function MeterResult({ meter }: { meter: Meter }) {
  return (
    <li>
      <Link href={`${paths.meters}?meter=${meter.id}`} className={resultClass} data-testid="meter-result">
        <Gauge className="mt-0.5 h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{meter.meterNumber}</span>
            <span className="text-sm text-muted-foreground">
              {METER_TYPE_LABELS[meter.type]} · {meter.unit}
            </span>
          </div>
          <p className="truncate text-xs text-muted-foreground">{meter.locationPath}</p>
        </div>
      </Link>
    </li>
  );
}
