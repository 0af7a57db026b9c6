import type { UploadRequest, UploadResponse } from '@shared/contract/uploads';
import { UPLOAD_RETRY_DELAYS_MS } from '@shared/domain/uploads';
import { apiRequest } from '@/lib/api-client';
import { withRetries } from '@/components/photo-capture/retry';
import { apiPaths } from '@/lib/api-paths';

/**
 * POST /api/objects/upload: a signed URL for one direct PUT of the file, and the key the server chose
 * for it. The declared name, size and type let the server refuse a file before any byte is sent.
 * Retried on the spec's schedule (0, 1000, 3000, 5000 ms) when the server or the network fails, not
 * when it refuses.
 */
export function requestUploadUrl(file: NonNullable<UploadRequest>): Promise<UploadResponse> {
  return withRetries(
    async () => (await apiRequest('POST', apiPaths.uploadUrl, file)).json() as Promise<UploadResponse>,
    UPLOAD_RETRY_DELAYS_MS,
  );
}
