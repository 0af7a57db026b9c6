import { Link } from 'wouter';
import { MapPin, Square, SquareCheck } from 'lucide-react';
import type { AssetListItem } from '@shared/contract/assets';
import { ASSET_TYPE_LABELS } from '@shared/domain';
import { paths } from '@/config/paths';
import { AssetStatusBadge, ConditionBadge } from '@/components/domain/badges';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/** Choosing assets on the list (for a label sheet): the card becomes a checkbox instead of a link. */
export interface CardSelection {
  selected: boolean;
  onToggle: () => void;
}

/** One asset in the list (spec §2): code, type, make and model, condition, location, serial, status. */
export function AssetCard({ asset, selection }: { asset: AssetListItem; selection?: CardSelection }) {
  if (selection) {
    return (
      <label className="block cursor-pointer rounded-lg has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring" data-testid="asset-card">
        <input type="checkbox" className="sr-only" checked={selection.selected} onChange={selection.onToggle} aria-label={`Choose ${asset.assetId}`} />
        <AssetCardBody asset={asset} selected={selection.selected} />
      </label>
    );
  }
  return (
    <Link
      href={paths.asset(asset.id)}
      className="block rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      data-testid="asset-card"
    >
      <AssetCardBody asset={asset} />
    </Link>
  );
}

function AssetCardBody({ asset, selected }: { asset: AssetListItem; selected?: boolean }) {
  const makeModel = [asset.make, asset.model].filter(Boolean).join(' ');
  return (
    <Card
      className={cn('flex h-full flex-col gap-3 p-4 transition-colors hover:border-primary/50 hover:bg-accent/40', selected && 'border-primary bg-accent/60 ring-1 ring-primary')}
      data-selected={selected}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 items-start gap-2">
          {selected !== undefined &&
            (selected ? <SquareCheck className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden /> : <Square className="mt-0.5 h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />)}
          <div className="min-w-0">
            <p className="truncate font-semibold">{asset.assetId}</p>
            <p className="text-sm text-muted-foreground">{ASSET_TYPE_LABELS[asset.type]}</p>
          </div>
        </div>
        <ConditionBadge condition={asset.condition} />
      </div>
      <p className="truncate text-sm">{makeModel || <span className="text-muted-foreground">No make or model</span>}</p>
      <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
        <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span className="min-w-0 break-words">{asset.locationPath}</span>
      </p>
      <div className="mt-auto flex items-center justify-between gap-2 text-sm">
        <span className="min-w-0 truncate text-muted-foreground">{asset.serial ? `S/N ${asset.serial}` : 'No serial'}</span>
        <AssetStatusBadge status={asset.status} />
      </div>
    </Card>
  );
}

export function AssetCardSkeleton() {
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="asset-card-skeleton">
      <div className="flex items-start justify-between gap-2">
        <div className="grid gap-2">
          <Skeleton className="h-5 w-28" />
          <Skeleton className="h-4 w-16" />
        </div>
        <Skeleton className="h-5 w-16 rounded-full" />
      </div>
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-full" />
      <div className="flex justify-between">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-5 w-14 rounded-full" />
      </div>
    </Card>
  );
}
