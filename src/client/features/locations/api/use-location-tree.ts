import { useQuery } from '@tanstack/react-query';
import type { LocationTree } from '@shared/contract/locations';
import { queryKeys } from '@/lib/api-paths';

/**
 * GET /api/locations/tree: a node, the trail above it and its children with their subtrees'
 * figures; without a parent, the top of the user's tree. The figures move with every asset,
 * action and inspection, so each visit asks again (one cheap read of kept counts) rather than
 * keep them forever like the spec's lists.
 */
export function useLocationTree(parentId?: string, enabled = true) {
  return useQuery<LocationTree>({ queryKey: queryKeys.locationTree(parentId), staleTime: 0, enabled });
}
