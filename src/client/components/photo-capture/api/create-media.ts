import type { CreateMediaInput, Media } from '@shared/contract/media';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';

/**
 * POST /api/media: records an uploaded object against its asset, assessment or action. Not retried
 * by itself (a repeat could record the photo twice): a failure shows on the file, whose Retry sends it again.
 */
export async function createMedia(input: CreateMediaInput): Promise<Media> {
  return (await apiRequest('POST', apiPaths.media, input)).json() as Promise<Media>;
}
