import { useCallback, useRef, useState } from 'react';
import type { Media } from '@shared/contract/media';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { refreshAfterMediaChange } from '@/components/photo-capture/api/refresh-media';
import { LazyPhotoUploader } from '@/components/photo-capture/lazy-photo-uploader';
import type { PhotoQueueController } from '@/components/photo-capture/photo-uploader';
import { errorMessage } from '@/lib/api-client';
import { countOf } from '@/lib/format';
import { useOnline } from '@/lib/offline/use-online';
import { keepPhotos } from '@/lib/outbox';

/**
 * The Media tab's Upload Photo dialog: Uppy's Dashboard filling the dialog (the whole screen on a
 * phone). Nothing starts until Upload is pressed; each photo joins the grid as soon as it is recorded.
 * With no network, Upload gives way to "Keep on this device": the photos go to the outbox and are
 * sent when the connection returns (ADR 028).
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
  const online = useOnline();
  const controller = useRef<PhotoQueueController | null>(null);
  const onReady = useCallback((next: PhotoQueueController | null) => {
    controller.current = next;
  }, []);
  const [count, setCount] = useState(0);
  const [keeping, setKeeping] = useState(false);

  const keep = async () => {
    if (!controller.current) return;
    setKeeping(true);
    try {
      const kept = await keepPhotos(controller.current.takeFiles(), { assetId, assetCode });
      toast({ title: `${countOf(kept, 'photo')} saved on this device`, description: 'They will be sent when the connection returns' });
      onOpenChange(false);
    } catch (error) {
      toast({ title: 'The photos could not be kept on this device', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setKeeping(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !keeping && onOpenChange(next)}
      title="Upload Photos"
      description={`Add photos or videos of ${assetCode}.`}
      className="sm:max-w-2xl"
      footer={
        !online && (
          <Button type="button" onClick={() => void keep()} disabled={keeping || count === 0}>
            Keep {count > 0 ? countOf(count, 'photo') : 'photos'} on this device
          </Button>
        )
      }
    >
      <LazyPhotoUploader
        mode={online ? 'upload' : 'queue'}
        owner={{ assetId }}
        onRecorded={onRecorded}
        onReady={onReady}
        onCountChange={setCount}
        onDone={() => onOpenChange(false)}
        className="h-full min-h-[22rem] sm:h-[30rem]"
      />
    </Dialog>
  );
}
