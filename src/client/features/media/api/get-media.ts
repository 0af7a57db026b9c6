import { useQuery } from '@tanstack/react-query';
import type { Media } from '@shared/contract/media';

export const mediaQueryKey = (assetId: string) => ['/api/media', { assetId }] as const;

/** GET /api/media?assetId=: the asset's photos and videos, newest first. */
export function useMedia(assetId: string) {
  return useQuery<Media[]>({ queryKey: mediaQueryKey(assetId) });
}
