import { Trash2 } from 'lucide-react';
import type { Media } from '@shared/contract/media';
import { formatDateTime, formatNumber } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { isDocument, isVideo, MediaPreview } from './media-preview';

/** One photo or video full size, with its caption, who uploaded it and when it was taken. */
export function MediaViewerDialog({
  media,
  onClose,
  onDelete,
  mayDelete = true,
}: {
  media: Media | null;
  onClose: () => void;
  onDelete: (media: Media) => void;
  /** Whether the user may delete this file (ADR 024); the Delete button shows only then. */
  mayDelete?: boolean;
}) {
  const kind = media && isDocument(media) ? 'document' : media && isVideo(media) ? 'video' : 'photo';

  return (
    <Dialog
      open={media !== null}
      onOpenChange={(open) => !open && onClose()}
      title={media?.caption || media?.filename || 'Photo'}
      className="sm:max-w-3xl"
      footer={
        media && (
          <>
            <Button type="button" variant="outline" onClick={onClose}>
              Close
            </Button>
            {mayDelete && (
              <Button type="button" variant="destructive" onClick={() => onDelete(media)}>
                <Trash2 aria-hidden /> Delete {kind}
              </Button>
            )}
          </>
        )
      }
    >
      {media && (
        <div className="grid gap-4">
          <MediaPreview media={media} className="mx-auto max-h-[65vh] w-auto max-w-full object-contain" />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" aria-label="Photo details">
            {media.caption && <Detail label="Caption">{media.caption}</Detail>}
            <Detail label="Uploaded by">{media.uploadedByName ?? 'Unknown user'}</Detail>
            <Detail label="Taken">{media.takenAt ? formatDateTime(media.takenAt) : 'Not recorded'}</Detail>
            <Detail label="Uploaded">{formatDateTime(media.createdAt)}</Detail>
            <Detail label="File">
              {media.filename}
              {media.filesize !== null && ` (${formatSize(media.filesize)})`}
            </Detail>
          </dl>
        </div>
      )}
    </Dialog>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/** 2411724 → "2.3 MB", 5120 → "5 KB". */
function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${formatNumber(Math.round((bytes / (1024 * 1024)) * 10) / 10)} MB`;
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;
}
