import { useState } from 'react';
import { ImageIcon, Trash2, Upload } from 'lucide-react';
import type { Media } from '@shared/contract/media';
import { errorMessage, isNetworkError } from '@/lib/api-client';
import { countOf } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { WaitingToSync } from '@/components/domain/waiting-to-sync';
import { Skeleton } from '@/components/ui/skeleton';
import { UploadPhotosDialog } from '@/features/media/components/upload-photos-dialog';
import { useMedia } from '@/features/media/api/use-media';
import { DeleteMediaDialog } from './delete-media-dialog';
import { isDocument, MediaPreview } from './media-preview';
import { MediaViewerDialog } from './media-viewer-dialog';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4';

/**
 * The Media tab (spec §2): the count, the Upload Photo button and a grid of the asset's photos and
 * videos. A tile opens the file full size; its bin button deletes it after a confirmation. The page
 * gives the asset's code (the upload dialog names it).
 */
export function AssetMedia({ assetId, assetCode }: { assetId: string; assetCode: string }) {
  const { data: media, isLoading, error } = useMedia(assetId);
  const [uploading, setUploading] = useState(false);
  const [opened, setOpened] = useState<Media | null>(null);
  const [deleting, setDeleting] = useState<Media | null>(null);
  const count = media?.length ?? 0;
  // ADR 024: no Upload without media.upload; a bin only on what the user may delete.
  const { can } = useCan();
  const mayDelete = (item: Media) => can('media.delete', { creatorId: item.uploadedBy });

  return (
    <section aria-label="Media" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{isLoading ? 'Photos' : countOf(count, 'photo')}</h2>
        {can('media.upload') && (
          <Button onClick={() => setUploading(true)}>
            <Upload aria-hidden /> Upload Photo
          </Button>
        )}
      </div>

      <WaitingToSync kind="photo" refKey="assetId" refId={assetId} label="Photos waiting to sync" />

      {isLoading ? (
        <div className={GRID} role="status" aria-label="Loading photos">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="aspect-square w-full" />
          ))}
        </div>
      ) : error && isNetworkError(error) ? (
        // Photos are not kept on the device (they are large); the list comes back with the network.
        <p role="status" className="text-sm text-muted-foreground">
          Photos show when the connection returns. Photos you upload now are kept on this device and sent then.
        </p>
      ) : error ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load photos: {errorMessage(error)}
        </p>
      ) : count === 0 ? (
        <EmptyState icon={ImageIcon} title="No photos yet" />
      ) : (
        <ul className={GRID} aria-label="Photos">
          {media!.map((item) => (
            <li key={item.id} className="relative" data-testid="media-tile">
              <button
                type="button"
                className="group block w-full overflow-hidden rounded-lg border bg-card text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                onClick={() => setOpened(item)}
                aria-label={`Open ${item.caption || item.filename}`}
              >
                <MediaPreview media={item} thumbnail className="aspect-square w-full object-cover transition-opacity group-hover:opacity-90" />
                {/* A PDF's tile is an icon: its name says which certificate it is. */}
                {(item.caption || isDocument(item)) && <p className="truncate px-2 py-1.5 text-xs">{item.caption || item.filename}</p>}
              </button>
              {mayDelete(item) && (
                <Button
                  type="button"
                  variant="secondary"
                  size="icon"
                  className="absolute right-1.5 top-1.5 h-8 w-8 rounded-full bg-background/90 shadow-sm hover:bg-background"
                  aria-label={`Delete ${item.caption || item.filename}`}
                  onClick={() => setDeleting(item)}
                >
                  <Trash2 aria-hidden className="text-destructive" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      <UploadPhotosDialog open={uploading} onOpenChange={setUploading} assetId={assetId} assetCode={assetCode} />
      <MediaViewerDialog
        media={opened}
        onClose={() => setOpened(null)}
        mayDelete={opened !== null && mayDelete(opened)}
        onDelete={(item) => {
          setOpened(null);
          setDeleting(item);
        }}
      />
      <DeleteMediaDialog media={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
