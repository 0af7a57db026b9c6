import { Box } from 'lucide-react';
import type { AssetListItem } from '@shared/contract/assets';
import { ASSET_TYPE_LABELS } from '@shared/domain/assets';
import { SearchPicker } from '@/components/ui/search-picker';
import { useAssetOptions } from './api/use-asset-options';

/** How a chosen asset reads in the trigger: its code, type and where it is. */
export function assetLabel(asset: Pick<AssetListItem, 'assetId' | 'type' | 'locationPath'>): string {
  return `${asset.assetId} · ${ASSET_TYPE_LABELS[asset.type]} · ${asset.locationPath}`;
}

/** Picks an asset by typing part of its code, make, model, serial or location. */
export function AssetPicker(props: {
  id: string;
  value: string | null | undefined;
  /** The chosen asset's label, when the caller already knows it (e.g. editing an action). */
  selectedLabel?: string | null;
  onChange: (asset: AssetListItem | null) => void;
  placeholder?: string;
  invalid?: boolean;
  clearable?: boolean;
}) {
  return (
    <SearchPicker<AssetListItem>
      {...props}
      placeholder={props.placeholder ?? 'Select an asset'}
      noun="assets"
      labelOf={assetLabel}
      useOptions={useAssetOptions}
      renderOption={(asset) => (
        <>
          <Box className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0">
            <span className="block truncate font-medium">
              {asset.assetId} · {ASSET_TYPE_LABELS[asset.type]}
            </span>
            <span className="block truncate text-xs text-muted-foreground">{asset.locationPath}</span>
          </span>
        </>
      )}
    />
  );
}
