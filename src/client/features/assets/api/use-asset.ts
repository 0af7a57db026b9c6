import { useQuery } from '@tanstack/react-query';
import type { Asset } from '@shared/contract/assets';
import { queryKeys } from '@/lib/api-paths';

/** GET /api/assets/{id}. */
export function useAsset(id: string) {
  return useQuery<Asset>({ queryKey: queryKeys.asset(id) });
}

/** True when the error is the server's 404 (a missing or malformed id). */
export function isNotFound(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('404:');
}
