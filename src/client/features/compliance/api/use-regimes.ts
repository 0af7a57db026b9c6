import { useQuery } from '@tanstack/react-query';
import type { Regime } from '@shared/contract/compliance';
import { queryKeys } from '@/lib/api-paths';

/** GET /api/compliance/regimes: the organisation's regime catalogue (the regime filter's options). */
export function useRegimes() {
  return useQuery<Regime[]>({ queryKey: queryKeys.complianceRegimes });
}
