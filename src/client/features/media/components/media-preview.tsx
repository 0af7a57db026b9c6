import { FileText, ImageOff, Play, Video } from 'lucide-react';
import type { Media } from '@shared/contract/media';
import { safeMediaUrl } from '@/lib/safe-media-url';

export const isVideo = (media: Media) => media.type === 'video' || !!media.mimeType?.startsWith('video/');
/** An inspection's PDF certificate (ADR 025): never shown in the page, only downloaded. */
export const isDocument = (media: Media) => media.type === 'document';

const Placeholder = ({ icon: Icon, label }: { icon: typeof ImageOff; label: string }) => (
  <div className="flex aspect-square w-full items-center justify-center bg-muted text-muted-foreground">
    <Icon className="h-8 w-8" role="img" aria-label={label} />
  </div>
);

/**
 * A photo or video. As a grid tile (`thumbnail`) it shows the small preview the server made
 * (falling back to the file itself), and a video shows its poster or a video icon. Full size, a
 * video plays with controls. A PDF shows a document icon, and full size a link that downloads it.
 * URLs that are not ours are never loaded (SEC-OUT-1).
 */
export function MediaPreview({ media, className, thumbnail = false }: { media: Media; className: string; thumbnail?: boolean }) {
  const src = safeMediaUrl(media.url);
  const thumb = media.thumbnailUrl ? safeMediaUrl(media.thumbnailUrl) : null;
  const alt = media.caption || media.filename;

  if (isDocument(media)) {
    if (thumbnail || !src) return <Placeholder icon={FileText} label={`PDF: ${alt}`} />;
    return (
      <a href={src} download={media.filename} className="mx-auto inline-flex min-h-11 items-center gap-2 rounded-md border px-4 text-sm underline-offset-4 hover:underline">
        <FileText className="h-5 w-5 shrink-0" aria-hidden /> Download {media.filename}
      </a>
    );
  }

  if (isVideo(media)) {
    if (!thumbnail) return src ? <video src={src} controls playsInline className={className} aria-label={alt} /> : <Placeholder icon={ImageOff} label="Video unavailable" />;
    if (!thumb) return <Placeholder icon={Video} label={`Video: ${alt}`} />;
    return (
      <div className="relative">
        <img src={thumb} alt={`Video: ${alt}`} loading="lazy" className={className} />
        <Play className="absolute left-1/2 top-1/2 h-10 w-10 -translate-x-1/2 -translate-y-1/2 rounded-full bg-black/50 p-2 text-white" aria-hidden />
      </div>
    );
  }

  const chosen = thumbnail ? (thumb ?? src) : src;
  if (!chosen) return <Placeholder icon={ImageOff} label="Photo unavailable" />;
  return <img src={chosen} alt={alt} loading="lazy" className={className} />;
}
