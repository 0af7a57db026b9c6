import type { ScanResult } from '@shared/contract/scan';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';

/** GET /api/scan: what a scanned or typed code names. */
export async function lookUpCode(code: string): Promise<ScanResult> {
  const res = await apiRequest('GET', `${apiPaths.scan}?${new URLSearchParams({ code })}`);
  return (await res.json()) as ScanResult;
}
