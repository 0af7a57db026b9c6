import { ImageOff, Play, Video } from 'lucide-react';
import type { Media } from '@shared/contract/media';
import { safeMediaUrl } from '@/lib/safe-media-url';

export const isVideo = (media: Media) => media.type === 'video' || !!media.mimeType?.startsWith('video/');

const Placeholder = ({ icon: Icon, label }: { icon: typeof ImageOff; label: string }) => (
  <div className="flex aspect-square w-full items-center justify-center bg-muted text-muted-foreground">
    <Icon className="h-8 w-8" role="img" aria-label={label} />
  </div>
);

/**
 * A photo or video. As a grid tile (`thumbnail`) it shows the small preview the server made
 * (falling back to the file itself), and a video shows its poster or a video icon. Full size, a
 * video plays with controls. URLs that are not ours are never loaded (SEC-OUT-1).
 */
export function MediaPreview({ media, className, thumbnail = false }: { media: Media; className: string; thumbnail?: boolean }) {
  const src = safeMediaUrl(media.url);
  const thumb = media.thumbnailUrl ? safeMediaUrl(media.thumbnailUrl) : null;
  const alt = media.caption || media.filename;

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
