import { useMutation } from '@tanstack/react-query';
import type { Media } from '@shared/contract/media';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterMediaChange } from './refresh-media';

/** DELETE /api/media/{id}: the record and its stored file and thumbnail. */
export function useDeleteMedia() {
  return useMutation({
    mutationFn: async (media: Media) => {
      await apiRequest('DELETE', `/api/media/${encodeURIComponent(media.id)}`);
    },
    onSuccess: (_data, media) => refreshAfterMediaChange(media.assetId),
  });
}
