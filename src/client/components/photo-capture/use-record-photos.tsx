import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ImagePlus } from 'lucide-react';
import type { Media } from '@shared/contract/media';
import { Button } from '@/components/ui/button';
import { refreshAfterMediaChange } from '@/components/photo-capture/api/refresh-media';
import type { MediaOwner } from './create-photo-uppy';
import { LazyPhotoUploader } from './lazy-photo-uploader';
import type { PhotoQueueController } from './photo-uploader';
import type { PhotoToKeep } from '@/lib/outbox';
import { useOnline } from '@/lib/offline/use-online';

/**
 * The optional Photos section of the assessment and action dialogs. Photos wait in the widget until
 * the record is saved; then `uploadFor` sends them and links each to it. If some fail, the dialog
 * stays open on the saved record (`saved`): Uppy shows why and offers Retry, and `footer` swaps
 * the dialog's buttons for Done so the record is not created twice.
 */
export function useRecordPhotos() {
  const controller = useRef<PhotoQueueController | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saved, setSaved] = useState(false);

  const onReady = useCallback((next: PhotoQueueController | null) => {
    controller.current = next;
    // The section unmounts with the dialog's content: a reopened dialog starts on a new record.
    if (!next) setSaved(false);
  }, []);

  /** True when every queued photo is uploaded and recorded (or there were none). */
  const uploadFor = useCallback(async (owner: MediaOwner) => {
    if (!controller.current) return true;
    setUploading(true);
    try {
      const ok = await controller.current.uploadFor(owner);
      if (!ok) setSaved(true);
      return ok;
    } finally {
      setUploading(false);
    }
  }, []);

  /** The chosen photos, handed to the outbox with a record kept there (none when the section was never opened). */
  const take = useCallback((): PhotoToKeep[] => controller.current?.takeFiles() ?? [], []);

  const footer = (normal: ReactNode, close: () => void): ReactNode =>
    saved ? (
      <Button type="button" onClick={close} disabled={uploading}>
        Done
      </Button>
    ) : (
      normal
    );

  return { field: <PhotosSection onReady={onReady} />, uploadFor, take, uploading, saved, footer };
}

function PhotosSection({ onReady }: { onReady: (controller: PhotoQueueController | null) => void }) {
  const [shown, setShown] = useState(false);
  const [count, setCount] = useState(0);
  const onRecorded = useCallback((media: Media) => refreshAfterMediaChange(media.assetId), []);
  const online = useOnline();
  // Offline, an assessment and its photos are kept on the device (ADR 028): the form says so.
  const note = count === 0 ? 'Optional' : online ? 'Uploaded when you save' : 'Kept on this device when you save, sent with the record';

  return (
    <section aria-label="Photos" className="mt-6 grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium">Photos</h3>
        {shown && <p className="text-xs text-muted-foreground">{note}</p>}
      </div>
      {shown ? (
        <LazyPhotoUploader mode="queue" onReady={onReady} onRecorded={onRecorded} onCountChange={setCount} className="h-80" />
      ) : (
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setShown(true)}>
          <ImagePlus aria-hidden /> Add photos
        </Button>
      )}
    </section>
  );
}
