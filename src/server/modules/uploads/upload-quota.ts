import { uploadQuotaMessage } from '../../../shared/domain/uploads';
import type { AppContext } from '../../app-context';
import { tooManyRequests } from '../../http-errors';
import { uploadGrantsRepo } from './upload-grants.repo';
import { issueUploadKey } from './upload-keys';

/**
 * A new upload key for the user, recorded as a grant against the daily quota
 * (config.uploads.quotaBytesPerDay): 429 with Retry-After when it would go over. Every way of
 * obtaining somewhere to upload to (a PUT URL, a presigned POST, a multipart upload) goes through here.
 */
export async function issueUploadGrant(ctx: AppContext, userId: string, declaredSize?: number, resumable = false): Promise<string> {
  const key = issueUploadKey(ctx.secret, userId);
  const quotaBytes = ctx.config.uploads.quotaBytesPerDay;
  const result = await uploadGrantsRepo(ctx.db).issue({ key, userId, declaredSize, resumable, now: ctx.now(), quotaBytes });
  if (!result.issued) throw tooManyRequests(uploadQuotaMessage(quotaBytes, result.retryAfterSeconds), result.retryAfterSeconds);
  return key;
}
