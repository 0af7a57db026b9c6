import { useState } from 'react';
import { ImageIcon, ImageOff, Video } from 'lucide-react';
import type { Media } from '../../../../shared/contract/media';
import { errorMessage } from '../../../lib/api-client';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMedia } from '../api/get-media';
import { safeMediaUrl } from '../safe-media-url';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4';

/**
 * The Media tab: the count and a grid of the asset's photos; a photo opens full size in a dialog.
 * (Uploading arrives with the object-storage work; no button is shown until it does anything.)
 */
export function AssetMedia({ assetId }: { assetId: string }) {
  const { data: media, isLoading, error } = useMedia(assetId);
  const [opened, setOpened] = useState<Media | null>(null);
  const count = media?.length ?? 0;

  return (
    <section aria-label="Media" className="grid gap-4">
      <h2 className="text-lg font-semibold">{isLoading ? 'Photos' : `${count} ${count === 1 ? 'photo' : 'photos'}`}</h2>
      {isLoading ? (
        <div className={GRID} role="status" aria-label="Loading photos">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="aspect-square w-full" />
          ))}
        </div>
      ) : error ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load photos: {errorMessage(error)}
        </p>
      ) : count === 0 ? (
        <EmptyState icon={ImageIcon} title="No photos yet" />
      ) : (
        <ul className={GRID} aria-label="Photos">
          {media!.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="group block w-full overflow-hidden rounded-lg border bg-card text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                onClick={() => setOpened(item)}
                aria-label={`Open ${item.caption || item.filename}`}
              >
                <MediaImage media={item} thumbnail className="aspect-square w-full object-cover transition-opacity group-hover:opacity-90" />
                {item.caption && <p className="truncate px-2 py-1.5 text-xs">{item.caption}</p>}
              </button>
            </li>
          ))}
        </ul>
      )}

      <Dialog
        open={opened !== null}
        onOpenChange={(open) => !open && setOpened(null)}
        title={opened?.caption || opened?.filename || 'Photo'}
        className="sm:max-w-3xl"
      >
        {opened && <MediaImage media={opened} className="mx-auto max-h-[75vh] w-auto max-w-full object-contain" />}
      </Dialog>
    </section>
  );
}

const Placeholder = ({ icon: Icon, label }: { icon: typeof ImageOff; label: string }) => (
  <div className="flex aspect-square w-full items-center justify-center bg-muted text-muted-foreground">
    <Icon className="h-8 w-8" aria-label={label} />
  </div>
);

/** The photo (or video, full size), or a placeholder when its URL is not one we may load (SEC-OUT-1). */
function MediaImage({ media, className, thumbnail = false }: { media: Media; className: string; thumbnail?: boolean }) {
  const src = safeMediaUrl(media.url);
  if (!src) return <Placeholder icon={ImageOff} label="Photo unavailable" />;
  if (media.mimeType?.startsWith('video/')) {
    return thumbnail ? <Placeholder icon={Video} label="Video" /> : <video src={src} controls className={className} />;
  }
  return <img src={src} alt={media.caption || media.filename} loading="lazy" className={className} />;
}
