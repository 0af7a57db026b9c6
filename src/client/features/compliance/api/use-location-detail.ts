import { useQuery } from '@tanstack/react-query';
import type { Location } from '@shared/contract/locations';
import { queryKeys } from '@/lib/api-paths';

/** GET /api/locations/{id}: one location with its parent's id, so the breadcrumb can walk up. */
export function useLocationDetail(id: string) {
  return useQuery<Location>({ queryKey: queryKeys.location(id) });
}
