import { useMemo, useState } from 'react';
import { Link, useParams } from 'wouter';
import { SearchX } from 'lucide-react';
import type { Asset } from '@shared/contract/assets';
import { flagEvidence } from '@shared/domain/compliance';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AssetActions } from '@/features/actions/components/asset-actions';
import { useAssetActions } from '@/features/actions/api/use-asset-actions';
import { useAssessments } from '@/features/assessments/api/use-assessments';
import { AssetAssessments } from '@/features/assessments/components/asset-assessments';
import { isNotFound, useAsset } from '@/features/assets/api/use-asset';
import { AssetDetailHeader, AssetDetailSkeleton, BackToAssets } from '@/features/assets/components/asset-detail-header';
import { AssetDetailsTab } from '@/features/assets/components/asset-details-tab';
import { AssetFormDialog } from '@/features/assets/components/asset-form-dialog';
import { DeleteAssetDialog } from '@/features/assets/components/delete-asset-dialog';
import { AssetHistory } from '@/features/history/components/asset-history';
import { useObligations } from '@/features/compliance/api/use-obligations';
import { ObligationsPanel } from '@/features/compliance/components/obligations-panel';
import { useMedia } from '@/features/media/api/use-media';
import { AssetMedia } from '@/features/media/components/asset-media';
import { paths } from '@/config/paths';
import { useTabParam } from '@/lib/use-tab-param';
import { useAuth } from '@/lib/auth';
import { useOutboxItems, withWaitingChanges } from '@/lib/outbox';

/** /assets/{id} (spec §2): header, and the Details, Assessments, Actions, Media, Compliance (ADR 025) and History tabs. */
export default function AssetDetailPage() {
  const { id } = useParams<{ id: string }>();
  const { data: asset, isLoading, error } = useAsset(id);

  if (isLoading) return <AssetDetailSkeleton />;
  if (isNotFound(error)) {
    return (
      <EmptyState icon={SearchX} title="Asset not found">
        <p className="text-sm text-muted-foreground">It may have been deleted, or the link is wrong.</p>
        <Button asChild variant="outline">
          <Link href={paths.assets}>Back to Assets</Link>
        </Button>
      </EmptyState>
    );
  }
  if (error || !asset) {
    return (
      <div className="grid gap-4">
        <BackToAssets />
        <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm text-destructive">
          Could not load the asset: {errorMessage(error)}
        </p>
      </div>
    );
  }
  // Keyed by id so moving between assets starts each page afresh (tab, dialogs).
  return <AssetPage key={asset.id} asset={asset} />;
}

const TABS = ['details', 'assessments', 'actions', 'media', 'compliance', 'history'] as const;

/** Tab label with its count once known. */
const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);

function AssetPage({ asset }: { asset: Asset }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [tab, openTab] = useTabParam(TABS);
  // The tabs' lists load with the page: their counts label the tabs and the delete confirmation.
  const assessments = useAssessments(asset.id).data;
  const actions = useAssetActions(asset.id).data;
  const media = useMedia(asset.id).data;
  // The Details tab sets each compliance flag beside what the inspections show (issue 23).
  const obligations = useObligations({ kind: 'asset', id: asset.id, name: asset.assetId, type: asset.type }).data;
  const evidence = useMemo(() => obligations && flagEvidence(obligations), [obligations]);
  // Edit opens on the asset as this device's edits still waiting to be sent leave it (ADR 028).
  const { user } = useAuth();
  const waitingEdits = useOutboxItems(user?.id).filter((item) => item.kind === 'asset-edit' && item.refs.assetId === asset.id);
  const toEdit = withWaitingChanges(asset, waitingEdits, { locationId: 'locationPath' });

  return (
    <>
      <AssetDetailHeader asset={asset} onEdit={() => setEditing(true)} onDelete={() => setDeleting(true)} />

      <Tabs value={tab} onValueChange={openTab}>
        <TabsList className="w-full justify-start sm:w-auto">
          <TabsTrigger value="details">Details</TabsTrigger>
          <TabsTrigger value="assessments">{withCount('Assessments', assessments?.length)}</TabsTrigger>
          <TabsTrigger value="actions">{withCount('Actions', actions?.length)}</TabsTrigger>
          <TabsTrigger value="media">{withCount('Media', media?.length)}</TabsTrigger>
          <TabsTrigger value="compliance">Compliance</TabsTrigger>
          <TabsTrigger value="history">History</TabsTrigger>
        </TabsList>
        <TabsContent value="details">
          <AssetDetailsTab asset={asset} evidence={evidence} />
        </TabsContent>
        <TabsContent value="assessments">
          <AssetAssessments assetId={asset.id} assetCode={asset.assetId} />
        </TabsContent>
        <TabsContent value="actions">
          <AssetActions assetId={asset.id} />
        </TabsContent>
        <TabsContent value="media">
          <AssetMedia assetId={asset.id} assetCode={asset.assetId} />
        </TabsContent>
        <TabsContent value="compliance">
          <ObligationsPanel subject={{ kind: 'asset', id: asset.id, name: asset.assetId, type: asset.type }} />
        </TabsContent>
        {/* Radix mounts a tab's content only while it is open, so the history loads on first view. */}
        <TabsContent value="history">
          <AssetHistory assetId={asset.id} />
        </TabsContent>
      </Tabs>

      <AssetFormDialog open={editing} onOpenChange={setEditing} asset={toEdit} />
      <DeleteAssetDialog
        open={deleting}
        onOpenChange={setDeleting}
        asset={asset}
        counts={{ assessments: assessments?.length ?? 0, actions: actions?.length ?? 0, photos: media?.length ?? 0 }}
      />
    </>
  );
}
