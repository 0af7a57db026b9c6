import type { Media } from '@shared/contract/media';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useDeleteMedia } from '@/features/media/api/use-delete-media';
import { isDocument, isVideo } from './media-preview';

/** Confirms, then deletes one photo or video (the record and its stored files). */
export function DeleteMediaDialog({ media, onClose }: { media: Media | null; onClose: () => void }) {
  const deleteMedia = useDeleteMedia();
  const kind = media && isDocument(media) ? 'document' : media && isVideo(media) ? 'video' : 'photo';

  const confirm = () =>
    media &&
    deleteMedia.mutate(media, {
      onSuccess: () => {
        toast({ title: 'Photo deleted', description: `${media.filename} has been removed` });
        onClose();
      },
      onError: (error) => toast({ title: 'Failed to delete photo', description: errorMessage(error), variant: 'destructive' }),
    });

  return (
    <Dialog
      open={media !== null}
      onOpenChange={(open) => !open && !deleteMedia.isPending && onClose()}
      title={`Delete this ${kind}?`}
      description={media ? `This permanently deletes ${media.caption || media.filename}.` : undefined}
      footer={
        <>
          <Button type="button" variant="outline" onClick={onClose} disabled={deleteMedia.isPending}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" onClick={confirm} disabled={deleteMedia.isPending}>
            {deleteMedia.isPending && <Spinner className="h-4 w-4 text-destructive-foreground" />}
            Delete
          </Button>
        </>
      }
    >
      <p className="text-sm text-muted-foreground">This cannot be undone.</p>
    </Dialog>
  );
}
