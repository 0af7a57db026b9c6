import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { ClipboardCheck, Package, Plus, Search, Tags } from 'lucide-react';
import { ASSET_LIST_SKELETONS, ASSET_TYPES, ASSET_TYPE_LABELS, CONDITIONS, CONDITION_LABELS, LABELS_MAX } from '@shared/domain';
import { errorMessage } from '@/lib/api-client';
import { LoadMore } from '@/lib/use-infinite-list';
import { PageHeader } from '@/components/layout/page-header';
import { WaitingToSync } from '@/components/domain/waiting-to-sync';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/permissions';
import { EmptyState } from '@/components/ui/empty-state';
import { Input, NativeSelect } from '@/components/ui/input';
import { useAssets } from '@/features/assets/api/use-assets';
import { AssetCard, AssetCardSkeleton } from '@/features/assets/components/asset-card';
import { AssetFormDialog } from '@/features/assets/components/asset-form-dialog';
import { useAssetListFilters } from '@/features/assets/use-asset-list-filters';
import { LabelSheetDialog } from '@/features/labels/components/label-sheet-dialog';
import { AssessmentFormDialog } from '@/features/assessments/components/assessment-form-dialog';
import type { OutboxItem } from '@/lib/outbox';

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3';

/** The asset list (spec §2): search, condition and type filters, cards, 50 at a time as you scroll. */
export default function AssetsPage() {
  // ?new=1&barcode=…: the scanner's "Register a new asset with this barcode" (ADR 027).
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const [barcode, setBarcode] = useState<string | undefined>();
  const requested = params.get('new') === '1' ? (params.get('barcode') ?? '') : null;
  const [handled, setHandled] = useState<string | null>(null);
  if (requested !== handled) {
    setHandled(requested);
    if (requested !== null) {
      setBarcode(requested || undefined);
      setAdding(true);
    }
  }
  // Once open, the request leaves the address: a reload or Back does not open the dialog again.
  useEffect(() => {
    if (requested !== null) setParams({}, { replace: true });
  }, [requested, setParams]);
  const changeAdding = (open: boolean) => {
    setAdding(open);
    if (!open) setBarcode(undefined);
  };
  const { searchText, setSearchText, filters, setCondition, setType } = useAssetListFilters();
  const list = useAssets(filters);
  // Choosing assets for a label sheet (ADR 027): the cards become checkboxes until Done. The choice
  // survives a new search or filter, so assets found by several searches can go on one sheet.
  const [choosing, setChoosing] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [printing, setPrinting] = useState(false);
  const toggle = (id: string) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const stopChoosing = () => {
    setChoosing(false);
    setChosen(new Set());
  };

  const { can } = useCan();
  // A new asset still on the device can be assessed at once: the assessment waits for it (ADR 028).
  const [assessing, setAssessing] = useState<OutboxItem | null>(null);
  const assessButton = (item: OutboxItem) =>
    can('assessment.create') ? (
      <Button variant="outline" size="sm" onClick={() => setAssessing(item)} aria-label={`Add Assessment: ${item.label}`}>
        <ClipboardCheck aria-hidden /> Add Assessment
      </Button>
    ) : null;

  // ADR 024: no Add Asset when an admin has withdrawn asset.create from the role.
  const addButton = can('asset.create') ? (
    <Button onClick={() => setAdding(true)}>
      <Plus aria-hidden /> Add Asset
    </Button>
  ) : null;
  const headerActions = (
    <>
      <Button variant="outline" onClick={() => (choosing ? stopChoosing() : setChoosing(true))} aria-pressed={choosing}>
        <Tags aria-hidden /> Labels
      </Button>
      {addButton}
    </>
  );

  return (
    <>
      <PageHeader title="Assets" subtitle="Manage your asset registry" actions={headerActions} />

      <div className="mb-6 grid gap-3 md:grid-cols-[1fr_auto_auto]">
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            aria-label="Search assets"
            placeholder="Search assets…"
            className="pl-9"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </div>
        <div className="grid grid-cols-2 gap-3 md:contents">
          <NativeSelect aria-label="Filter by condition" className="md:w-44" value={filters.condition} onChange={(e) => setCondition(e.target.value)}>
            <option value="all">All conditions</option>
            {CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {CONDITION_LABELS[condition]}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect aria-label="Filter by type" className="md:w-44" value={filters.type} onChange={(e) => setType(e.target.value)}>
            <option value="all">All types</option>
            {ASSET_TYPES.map((type) => (
              <option key={type} value={type}>
                {ASSET_TYPE_LABELS[type]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {/* Assets added on this device and not yet sent (ADR 028): they have no asset id until they are. */}
      <div className="mb-4 empty:hidden">
        <WaitingToSync kind="asset" label="Assets waiting to sync" actions={assessButton} />
      </div>

      {list.isLoading ? (
        <div className={GRID} role="status" aria-label="Loading assets">
          {Array.from({ length: ASSET_LIST_SKELETONS }, (_, i) => (
            <AssetCardSkeleton key={i} />
          ))}
        </div>
      ) : list.isError ? (
        <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm text-destructive">
          Could not load assets: {errorMessage(list.error)}
        </p>
      ) : list.items.length === 0 ? (
        <EmptyState icon={Package} title="No assets found">
          {addButton}
        </EmptyState>
      ) : (
        <>
          <ul className={GRID} aria-label="Assets">
            {list.items.map((asset) => (
              <li key={asset.id} className="min-w-0">
                <AssetCard asset={asset} selection={choosing ? { selected: chosen.has(asset.id), onToggle: () => toggle(asset.id) } : undefined} />
              </li>
            ))}
          </ul>
          <LoadMore list={list} />
        </>
      )}

      {choosing && (
        <div
          role="region"
          aria-label="Choose assets for labels"
          className="sticky bottom-0 z-10 -mx-4 mt-4 flex flex-wrap items-center gap-2 border-t bg-background/95 p-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border"
        >
          <p className="mr-auto text-sm" role="status">
            {chosen.size === 0 ? 'Choose the assets to print labels for' : `${chosen.size} chosen`}
            {chosen.size > LABELS_MAX && ` (at most ${LABELS_MAX} on one sheet)`}
          </p>
          <Button variant="outline" size="sm" onClick={() => setChosen(new Set([...chosen, ...list.items.map((asset) => asset.id)]))} disabled={list.items.length === 0}>
            Choose all shown
          </Button>
          <Button variant="outline" size="sm" onClick={() => setChosen(new Set())} disabled={chosen.size === 0}>
            Clear
          </Button>
          <Button size="sm" onClick={() => setPrinting(true)} disabled={chosen.size === 0 || chosen.size > LABELS_MAX}>
            Print labels
          </Button>
          <Button variant="ghost" size="sm" onClick={stopChoosing}>
            Done
          </Button>
        </div>
      )}
      {printing && <LabelSheetDialog open={printing} onOpenChange={setPrinting} subject={{ kind: 'selection', assetIds: [...chosen] }} />}

      <AssetFormDialog open={adding} onOpenChange={changeAdding} barcode={adding ? barcode : undefined} />
      {assessing && (
        <AssessmentFormDialog
          open
          onOpenChange={(open) => !open && setAssessing(null)}
          assetId={assessing.clientId}
          assetCode={assessing.label}
          pendingAsset={{ clientId: assessing.clientId, label: assessing.label }}
        />
      )}
    </>
  );
}
