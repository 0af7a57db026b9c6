import { useLocation } from 'wouter';
import type { Asset } from '@shared/contract/assets';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useDeleteAsset } from '@/features/assets/api/use-delete-asset';
import { countOf } from '@/lib/format';

export interface AssetRecordCounts {
  assessments: number;
  actions: number;
  photos: number;
}

/** Confirms the deletion, saying what goes with the asset, then returns to the list. */
export function DeleteAssetDialog({
  open,
  onOpenChange,
  asset,
  counts,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  asset: Asset;
  counts: AssetRecordCounts;
}) {
  const [, navigate] = useLocation();
  const deleteAsset = useDeleteAsset(asset.id, () => {
    toast({ title: 'Asset deleted', description: `${asset.assetId} has been removed from the register` });
    navigate(paths.assets);
  });

  const confirm = () =>
    deleteAsset.mutate(undefined, {
      onError: (error) => toast({ title: 'Failed to delete asset', description: errorMessage(error), variant: 'destructive' }),
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !deleteAsset.isPending && onOpenChange(next)}
      title={`Delete ${asset.assetId}?`}
      description={
        `This permanently deletes ${asset.assetId} with its ${countOf(counts.assessments, 'assessment')}, ` +
        `${countOf(counts.actions, 'action')} and ${countOf(counts.photos, 'photo')}.`
      }
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={deleteAsset.isPending}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" onClick={confirm} disabled={deleteAsset.isPending}>
            {deleteAsset.isPending && <Spinner className="h-4 w-4 text-destructive-foreground" />}
            Delete
          </Button>
        </>
      }
    >
      <p className="text-sm text-muted-foreground">This cannot be undone.</p>
    </Dialog>
  );
}
