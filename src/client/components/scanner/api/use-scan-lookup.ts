import { useQuery } from '@tanstack/react-query';
import type { ScanResult } from '@shared/contract/scan';
import { queryKeys } from '@/lib/api-paths';

/** GET /api/scan for a label's link opened in the browser (the deep link pages), once signed in. */
export function useScanLookup(code: string, enabled: boolean) {
  return useQuery<ScanResult>({ queryKey: queryKeys.scan(code), enabled: enabled && !!code, staleTime: 0 });
}
