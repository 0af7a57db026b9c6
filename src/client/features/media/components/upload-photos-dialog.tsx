import { useCallback } from 'react';
import type { Media } from '@shared/contract/media';
import { Dialog } from '@/components/ui/dialog';
import { refreshAfterMediaChange } from '@/components/photo-capture/api/refresh-media';
import { LazyPhotoUploader } from '@/components/photo-capture/lazy-photo-uploader';

/**
 * The Media tab's Upload Photo dialog: Uppy's Dashboard filling the dialog (the whole screen on a
 * phone). Nothing starts until Upload is pressed; each photo joins the grid as soon as it is recorded.
 */
export function UploadPhotosDialog({
  open,
  onOpenChange,
  assetId,
  assetCode,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  assetId: string;
  assetCode: string;
}) {
  const onRecorded = useCallback((media: Media) => refreshAfterMediaChange(media.assetId ?? assetId), [assetId]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Upload Photos" description={`Add photos or videos of ${assetCode}.`} className="sm:max-w-2xl">
      <LazyPhotoUploader
        mode="upload"
        owner={{ assetId }}
        onRecorded={onRecorded}
        onDone={() => onOpenChange(false)}
        className="h-full min-h-[22rem] sm:h-[30rem]"
      />
    </Dialog>
  );
}
