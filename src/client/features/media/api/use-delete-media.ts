import { useMutation } from '@tanstack/react-query';
import type { Media } from '@shared/contract/media';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterMediaChange } from '@/components/photo-capture/api/refresh-media';
import { apiPaths } from '@/lib/api-paths';

/** DELETE /api/media/{id}: the record and its stored file and thumbnail. */
export function useDeleteMedia() {
  return useMutation({
    mutationFn: async (media: Media) => {
      await apiRequest('DELETE', apiPaths.mediaItem(media.id));
    },
    onSuccess: (_data, media) => refreshAfterMediaChange(media.assetId),
  });
}
