import type { Asset } from '@shared/contract/assets';
import { ASSET_TYPE_LABELS } from '@shared/domain/assets';
import { suggestedRegimes } from '@shared/domain/compliance';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/permissions';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCreateAsset } from '@/features/assets/api/use-create-asset';
import { useUpdateAsset } from '@/features/assets/api/use-update-asset';
import { currentScanLocation } from '@/components/scanner/scan-location';
import { AssetForm, type AssetFormOutput } from './asset-form';

const FORM_ID = 'asset-form';

/**
 * Add Asset (no `asset`) or Edit Asset (prefilled from `asset`). The form inside is mounted afresh at
 * every opening, so each opening starts from the defaults with its own idempotency key.
 */
export function AssetFormDialog({
  open,
  onOpenChange,
  asset,
  barcode,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  asset?: Asset;
  /** A new asset's barcode, as scanned (ADR 027). */
  barcode?: string;
}) {
  const createAsset = useCreateAsset();
  const { can } = useCan();
  // Creating an asset suggests the inspections its type usually needs (issue 23): the toast links to
  // its Compliance tab, where they are offered, for those who may set duties up.
  const setUpInspections = (created: Asset) =>
    can('obligation.manage') && suggestedRegimes({ assetType: created.type }).length > 0
      ? { label: `Set up its inspections (usual for ${ASSET_TYPE_LABELS[created.type]})`, href: `${paths.asset(created.id)}?tab=compliance` }
      : undefined;
  const updateAsset = useUpdateAsset(asset);
  const isPending = createAsset.isPending || updateAsset.isPending;

  const submit = (values: AssetFormOutput) => {
    if (asset) {
      // The idempotency key belongs to creation only; the edit schema has no such field.
      const { clientAssetId: _unused, ...changes } = values;
      updateAsset.mutate(changes, {
        onSuccess: (outcome) => {
          if (outcome.queued) toast({ title: 'Changes saved on this device', description: 'They will be sent when the connection returns' });
          else toast({ title: 'Asset updated', description: 'The asset has been saved' });
          onOpenChange(false);
        },
        onError: (error) => toast({ title: 'Failed to update asset', description: errorMessage(error), variant: 'destructive' }),
      });
    } else {
      createAsset.mutate(values, {
        onSuccess: (outcome) => {
          // Kept in the outbox (ADR 028): the asset list shows it as waiting to sync until it is sent.
          if (outcome.queued) toast({ title: 'Asset saved on this device', description: 'It will be sent when the connection returns' });
          else toast({ title: 'Asset created', description: 'The asset has been added to the register', action: setUpInspections(outcome.data) });
          onOpenChange(false);
        },
        onError: (error) => toast({ title: 'Failed to create asset', description: errorMessage(error), variant: 'destructive' }),
      });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !isPending && onOpenChange(next)}
      title={asset ? 'Edit Asset' : 'Add Asset'}
      description={asset ? `Change the details of ${asset.assetId}.` : 'Register a new asset at a location.'}
      className="sm:max-w-2xl"
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={isPending}>
            {isPending && <Spinner className="h-4 w-4 text-primary-foreground" />}
            {asset ? 'Save Changes' : 'Create Asset'}
          </Button>
        </>
      }
    >
      {/* A new asset is placed where the user is scanning, if they scanned a location tag (ADR 027). */}
      <AssetForm id={FORM_ID} asset={asset} prefill={asset ? undefined : { barcode, location: currentScanLocation() }} onSubmit={submit} />
    </Dialog>
  );
}
