import { useState } from 'react';
import { useLocation as useNavigation, useParams } from 'wouter';
import { Gauge, MapPinned, Package, Plus, Printer } from 'lucide-react';
import type { LocationNode } from '@shared/contract/locations';
import type { Meter } from '@shared/contract/meters';
import { LOCATION_TYPE_LABELS } from '@shared/domain/locations';
import { ObligationStatusBadge } from '@/components/domain/obligation-status-badge';
import { PageHeader } from '@/components/layout/page-header';
import { ScanButton } from '@/components/scanner/scan-button';
import { setScanLocation } from '@/components/scanner/scan-location';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useTabParam } from '@/lib/use-tab-param';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { LoadMore } from '@/lib/use-infinite-list';
import { isNotFound } from '@/features/assets/api/use-asset';
import { useAssets } from '@/features/assets/api/use-assets';
import { AssetCard, AssetCardSkeleton } from '@/features/assets/components/asset-card';
import { useComplianceSummary } from '@/features/compliance/api/use-compliance-summary';
import { useComplianceWorklist } from '@/features/compliance/api/use-compliance-worklist';
import { useLocationDetail } from '@/features/compliance/api/use-location-detail';
import { ComplianceMatrix } from '@/features/compliance/components/compliance-matrix';
import { EvidencePackCard } from '@/features/compliance/components/evidence-pack-card';
import { ObligationWorkList, ObligationWorkListSkeleton } from '@/features/compliance/components/obligation-work-list';
import { ObligationsPanel } from '@/features/compliance/components/obligations-panel';
import { StatusCards, StatusCardsSkeleton } from '@/features/compliance/components/status-cards';
import { totalOf } from '@/features/compliance/status-text';
import { useLocationTree } from '@/features/locations/api/use-location-tree';
import { AddLocationDialog } from '@/features/locations/components/add-location-dialog';
import { LabelSheetDialog } from '@/features/labels/components/label-sheet-dialog';
import { KeepOffline } from '@/components/offline/keep-offline';
import { LocationTrail } from '@/features/locations/components/location-trail';
import { LocationTreeLevel } from '@/features/locations/components/location-tree-view';
import { useMeters } from '@/features/meters/api/use-meters';
import { AddReadingDialog } from '@/features/meters/components/add-reading-dialog';
import { MeterCard, MeterCardSkeleton } from '@/features/meters/components/meter-card';
import { MeterDetailDialog } from '@/features/meters/components/meter-detail-dialog';
import { OBLIGATION_STATUS_LABELS, type ObligationStatus } from '@shared/domain/compliance';

const ERROR = 'rounded-md border border-destructive/50 p-4 text-sm text-destructive';
const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3';
const TABS = ['locations', 'assets', 'meters', 'compliance'] as const;

/**
 * /locations/{id} (ADR 025): one place in the estate with the way up to the top, what lies directly
 * under it with each subtree's figures, the assets and meters of its whole subtree, and its
 * compliance: the statuses and the children × regimes matrix, its own inspection regimes (a
 * building's EICR), and the work list. The open tab is kept in the URL (?tab=).
 */
export default function LocationDetailPage() {
  const { id } = useParams<{ id: string }>();
  // Keyed by id, so moving to another location starts afresh (its tab, its dialogs).
  return <LocationDetail key={id} id={id} />;
}

function LocationDetail({ id }: { id: string }) {
  const tree = useLocationTree(id);
  const location = useLocationDetail(id);
  const [adding, setAdding] = useState(false);
  const [printing, setPrinting] = useState(false);
  const { can } = useCan();
  const [tab, openTab] = useTabParam(TABS);

  if (tree.isLoading) return <LocationDetailSkeleton />;
  if (isNotFound(tree.error)) {
    return (
      <EmptyState icon={MapPinned} title="Location not found">
        <p className="text-sm text-muted-foreground">It may have been removed, or it lies outside your areas.</p>
      </EmptyState>
    );
  }
  if (tree.isError || !tree.data?.node) {
    return (
      <p role="alert" className={ERROR}>
        Could not load the location: {errorMessage(tree.error)}
      </p>
    );
  }
  const { node, ancestors, children, childrenTruncated } = tree.data;
  const mayAddHere = can('location.create') && node.type !== 'area' && location.data !== undefined;

  return (
    <>
      <LocationTrail ancestors={ancestors} current={node.name} />
      <PageHeader
        title={node.name}
        subtitle={[LOCATION_TYPE_LABELS[node.type], node.code].filter(Boolean).join(' · ')}
        actions={
          <>
            {/* Scanning here: the assets registered next default to this location (ADR 027). */}
            {location.data && (
              <ScanButton label="Scan here" size="default" onOpen={() => setScanLocation({ id, name: node.name, path: location.data!.path })} />
            )}
            {location.data && (
              <Button type="button" variant="outline" onClick={() => setPrinting(true)}>
                <Printer aria-hidden /> Labels
              </Button>
            )}
            {mayAddHere && (
              <Button type="button" onClick={() => setAdding(true)}>
                <Plus aria-hidden /> Add Location
              </Button>
            )}
          </>
        }
      />
      {location.data?.description && <p className="-mt-3 mb-4 whitespace-pre-line break-words text-sm text-muted-foreground">{location.data.description}</p>}
      <Figures node={node} />
      <KeepOffline locationId={id} name={node.name} />

      <Tabs value={tab} onValueChange={openTab} className="mt-6">
        <TabsList className="w-full justify-start sm:w-auto">
          <TabsTrigger value="locations">Locations ({formatNumber(node.childCount)})</TabsTrigger>
          <TabsTrigger value="assets">Assets ({formatNumber(node.assetCount)})</TabsTrigger>
          <TabsTrigger value="meters">Meters</TabsTrigger>
          <TabsTrigger value="compliance">Compliance</TabsTrigger>
        </TabsList>
        <TabsContent value="locations">
          {children.length === 0 ? (
            <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">Nothing lies under {node.name} yet.</p>
          ) : (
            <div className="rounded-lg border p-2 sm:p-3">
              <LocationTreeLevel nodes={children} truncated={childrenTruncated} label={`In ${node.name}`} />
            </div>
          )}
        </TabsContent>
        <TabsContent value="assets">
          <SubtreeAssets locationId={id} />
        </TabsContent>
        <TabsContent value="meters">
          <SubtreeMeters locationId={id} />
        </TabsContent>
        <TabsContent value="compliance">
          {location.data && <LocationCompliance node={node} />}
        </TabsContent>
      </Tabs>
      {location.data && <AddLocationDialog open={adding} onOpenChange={setAdding} under={location.data} />}
      {printing && <LabelSheetDialog open={printing} onOpenChange={setPrinting} subject={{ kind: 'location', locationId: id, locationName: node.name, assetCount: node.assetCount }} />}
    </>
  );
}

/** The subtree's figures at a glance, the same roll-up the tree shows. */
function Figures({ node }: { node: LocationNode }) {
  const { worst, counts } = node.compliance;
  const item = 'grid gap-0.5 rounded-lg border p-3';
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="location-figures">
      <div className={item}>
        <dt className="text-xs text-muted-foreground">Assets</dt>
        <dd className="text-xl font-semibold tabular-nums">{formatNumber(node.assetCount)}</dd>
      </div>
      <div className={item}>
        <dt className="text-xs text-muted-foreground">Locations directly under it</dt>
        <dd className="text-xl font-semibold tabular-nums">{formatNumber(node.childCount)}</dd>
      </div>
      <div className={item}>
        <dt className="text-xs text-muted-foreground">Outstanding actions</dt>
        <dd className="text-xl font-semibold tabular-nums">{formatNumber(node.outstandingActions)}</dd>
      </div>
      <div className={item}>
        <dt className="text-xs text-muted-foreground">Compliance</dt>
        <dd className="flex flex-wrap items-center gap-2 text-sm">
          {worst ? <ObligationStatusBadge status={worst} /> : 'No regimes yet'}
          {counts.overdue > 0 && <span>{counts.overdue} overdue</span>}
        </dd>
      </div>
    </dl>
  );
}

function SubtreeAssets({ locationId }: { locationId: string }) {
  const list = useAssets({ locationId });
  if (list.isLoading) {
    return (
      <div className={GRID} role="status" aria-label="Loading assets">
        {Array.from({ length: 3 }, (_, i) => (
          <AssetCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <p role="alert" className={ERROR}>
        Could not load assets: {errorMessage(list.error)}
      </p>
    );
  }
  if (list.items.length === 0) return <EmptyState icon={Package} title="No assets here" />;
  return (
    <div className="grid gap-4">
      <div className={GRID}>
        {list.items.map((asset) => (
          <AssetCard key={asset.id} asset={asset} />
        ))}
      </div>
      <LoadMore list={list} />
    </div>
  );
}

function SubtreeMeters({ locationId }: { locationId: string }) {
  const { data: meters, isLoading, isError, error } = useMeters(locationId);
  const [openMeterId, setOpenMeterId] = useState<string | null>(null);
  const [readingFor, setReadingFor] = useState<Meter | null>(null);
  const { can } = useCan();
  if (isLoading) {
    return (
      <div className={GRID} aria-busy="true" aria-label="Loading meters">
        {Array.from({ length: 3 }, (_, i) => (
          <MeterCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <p role="alert" className={ERROR}>
        Could not load meters: {errorMessage(error)}
      </p>
    );
  }
  return (
    <>
      {!meters?.length ? (
        <EmptyState icon={Gauge} title="No meters here" />
      ) : (
        <div className={GRID}>
          {meters.map((meter) => (
            <MeterCard key={meter.id} meter={meter} onOpen={() => setOpenMeterId(meter.id)} onAddReading={can('reading.create') ? () => setReadingFor(meter) : undefined} />
          ))}
        </div>
      )}
      <AddReadingDialog meter={readingFor} open={readingFor !== null} onOpenChange={(open) => !open && setReadingFor(null)} />
      <MeterDetailDialog meterId={openMeterId} onClose={() => setOpenMeterId(null)} />
    </>
  );
}

/**
 * The location's compliance: its subtree's statuses (each a filter of the work list), the matrix of
 * what lies under it (a row opens that location's page), its evidence pack, its own regimes, and the work list.
 */
function LocationCompliance({ node }: { node: LocationNode }) {
  const [, navigate] = useNavigation();
  const { can } = useCan();
  const [status, setStatus] = useState<ObligationStatus | undefined>();
  const summary = useComplianceSummary({ locationId: node.id });
  const list = useComplianceWorklist({ locationId: node.id, status });

  return (
    <div className="grid min-w-0 gap-6">
      {summary.isLoading ? (
        <div className="grid gap-6" aria-busy="true" aria-label="Loading compliance">
          <StatusCardsSkeleton />
          <Skeleton className="h-32" />
        </div>
      ) : summary.isError || !summary.data ? (
        <p role="alert" className={ERROR}>
          Could not load compliance: {errorMessage(summary.error)}
        </p>
      ) : (
        <>
          <StatusCards counts={summary.data.counts} selected={status} onSelect={setStatus} />
          {totalOf(summary.data.counts) > 0 && (
            <section className="grid min-w-0 gap-3" aria-labelledby="location-matrix-heading">
              <h2 id="location-matrix-heading" className="text-lg font-semibold">
                By location
              </h2>
              <ComplianceMatrix summary={summary.data} onOpen={(locationId) => navigate(`${paths.location(locationId)}?tab=compliance`)} />
            </section>
          )}
        </>
      )}

      {can('report.export') && <EvidencePackCard locationId={node.id} locationName={node.name} />}

      <ObligationsPanel subject={{ kind: 'location', id: node.id, name: node.name, type: node.type }} />

      <section className="grid min-w-0 gap-3" aria-labelledby="location-worklist-heading">
        <h2 id="location-worklist-heading" className="text-lg font-semibold">
          Work list
          {status && <span className="font-normal text-muted-foreground">: {OBLIGATION_STATUS_LABELS[status]}</span>}
        </h2>
        {list.isLoading ? (
          <ObligationWorkListSkeleton />
        ) : list.isError ? (
          <p role="alert" className={ERROR}>
            Could not load obligations: {errorMessage(list.error)}
          </p>
        ) : list.items.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">No obligations match.</p>
        ) : (
          <ObligationWorkList list={list} />
        )}
      </section>
    </div>
  );
}

function LocationDetailSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true" aria-label="Loading location">
      <Skeleton className="h-4 w-64" />
      <Skeleton className="h-9 w-72" />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Card key={i} className="h-20 p-3">
            <Skeleton className="h-full" />
          </Card>
        ))}
      </div>
    </div>
  );
}
