import { useQuery } from '@tanstack/react-query';
import type { Inspection } from '@shared/contract/compliance';
import { queryKeys } from '@/lib/api-paths';

/**
 * GET /api/obligations/{id}/inspections: the obligation's history, newest performed first, each
 * entry with its evidence (the card's History, read when it is opened).
 */
export function useInspections(obligationId: string) {
  return useQuery<Inspection[]>({ queryKey: queryKeys.obligationInspections(obligationId) });
}
