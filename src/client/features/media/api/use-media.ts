import { useQuery } from '@tanstack/react-query';
import type { Media } from '@shared/contract/media';
import { queryKeys } from '@/lib/api-paths';

/** GET /api/media?assetId=: the asset's photos and videos, newest first. */
export function useMedia(assetId: string) {
  return useQuery<Media[]>({ queryKey: queryKeys.mediaOfAsset(assetId) });
}
