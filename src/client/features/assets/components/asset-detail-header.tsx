import { Link } from 'wouter';
import { ArrowLeft, MapPin, Pencil, Trash2 } from 'lucide-react';
import type { Asset } from '@shared/contract/assets';
import { ASSET_TYPE_LABELS } from '@shared/domain';
import { paths } from '@/config/paths';
import { AssetStatusBadge, ConditionBadge } from '@/components/domain/badges';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { DisabledWithReason } from '@/components/ui/disabled-with-reason';
import { ScanButton } from '@/components/scanner/scan-button';
import { useCan } from '@/lib/permissions';

/**
 * The asset page's header: code, condition, status, type, location, Edit and Delete. Wraps on phones.
 * The buttons follow the user's permissions (ADR 024): Edit is disabled with the reason when the
 * role may not edit this asset, Delete is not shown when it may not delete it.
 */
export function AssetDetailHeader({ asset, onEdit, onDelete }: { asset: Asset; onEdit: () => void; onDelete: () => void }) {
  const { can, reason } = useCan();
  const record = { creatorId: asset.createdBy };
  const mayEdit = can('asset.update', record);
  const mayDelete = can('asset.delete', record);
  return (
    <header className="mb-6 grid gap-3" data-testid="asset-header">
      <BackToAssets />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid min-w-0 gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{asset.assetId}</h1>
            <ConditionBadge condition={asset.condition} />
            <AssetStatusBadge status={asset.status} />
          </div>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span data-testid="asset-type">{ASSET_TYPE_LABELS[asset.type]}</span>
            <span className="flex min-w-0 items-start gap-1">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <Link href={paths.location(asset.locationId)} className="break-words underline-offset-4 hover:text-foreground hover:underline" data-testid="asset-location">
                {asset.locationPath}
              </Link>
            </span>
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <ScanButton label="Scan next" size="default" />
          {mayEdit ? (
            <Button variant="outline" onClick={onEdit}>
              <Pencil aria-hidden /> Edit
            </Button>
          ) : (
            <DisabledWithReason reason={reason('asset.update')}>
              <Pencil aria-hidden /> Edit
            </DisabledWithReason>
          )}
          {mayDelete && (
            <Button variant="outline" className="text-destructive hover:bg-destructive/10 hover:text-destructive" onClick={onDelete}>
              <Trash2 aria-hidden /> Delete
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}

export function BackToAssets({ label = 'Assets' }: { label?: string }) {
  return (
    <Link href={paths.assets} className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="h-4 w-4" aria-hidden /> {label}
    </Link>
  );
}

export function AssetDetailSkeleton() {
  return (
    <div role="status" aria-label="Loading asset" data-testid="asset-detail-skeleton" className="grid gap-6">
      <div className="grid gap-3">
        <Skeleton className="h-4 w-16" />
        <div className="flex flex-wrap items-center gap-2">
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-5 w-16 rounded-full" />
          <Skeleton className="h-5 w-14 rounded-full" />
        </div>
        <Skeleton className="h-4 w-64 max-w-full" />
      </div>
      <Skeleton className="h-10 w-full max-w-md" />
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-64 lg:col-span-2" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}
