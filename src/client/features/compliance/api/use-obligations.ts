import { useQuery } from '@tanstack/react-query';
import type { Obligation } from '@shared/contract/compliance';
import { queryKeys } from '@/lib/api-paths';
import type { ObligationSubject } from '@/features/compliance/obligation-subject';

/** GET /api/obligations?assetId= or ?locationId=: the subject's own inspection duties, by regime name (its Compliance tab). */
export function useObligations(subject: ObligationSubject) {
  return useQuery<Obligation[]>({ queryKey: subject.kind === 'asset' ? queryKeys.obligationsOfAsset(subject.id) : queryKeys.obligationsOfLocation(subject.id) });
}
