import { useQuery } from '@tanstack/react-query';
import type { Asset } from '@shared/contract/assets';
import { ASSETS_URL } from './get-assets';

/** The key of one asset; a prefix of nothing else, and under ['/api/assets'] so list invalidations reach it. */
export const assetQueryKey = (id: string) => [ASSETS_URL, id] as const;

/** GET /api/assets/{id}. */
export function useAsset(id: string) {
  return useQuery<Asset>({ queryKey: assetQueryKey(id) });
}

/** True when the error is the server's 404 (a missing or malformed id). */
export function isNotFound(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('404:');
}
