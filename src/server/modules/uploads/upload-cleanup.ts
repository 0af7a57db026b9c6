import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { UPLOAD_CLEANUP_INTERVAL_MS, UPLOAD_QUOTA_WINDOW_MS } from '../../../shared/domain/uploads';
import type { AppContext } from '../../app-context';
import { uploadGrantsRepo } from './upload-grants.repo';
import { deleteObjects, pieceKeysOf } from './upload-pieces';
import { schedulePeriodic } from '../../jobs/periodic';

/** Any constant works; it only has to be the same in every process of this app (cf. the migration lock). */
export const CLEANUP_LOCK_KEY = 7_301_955_311;
/** Keys handled per query, and at most per run, so one run stays short; the next run goes on. */
const BATCH = 200;
const MAX_PER_RUN = 5_000;

export interface UploadCleanupResult {
  /** Never-recorded uploads whose objects were deleted. */
  discarded: number;
  /** Unfinished S3 multipart uploads aborted. */
  aborted: number;
  /** Settled grant rows dropped after the grace period and the quota window. */
  pruned: number;
}

type CleanupContext = Pick<AppContext, 'db' | 'storage' | 'config' | 'now'>;

/**
 * Deletes what uploads leave behind (issue 19): the object of every grant older than
 * config.uploads.cleanupGraceMs that no media row records (with its pieces, for a resumable one), S3 multipart uploads under uploads/ begun
 * before that and never completed, and grant rows once they are past the grace period and the quota
 * window (so the table holds about a day of uploads). A session-level advisory lock lets only one app
 * process run it at a time; the others answer null. A storage failure is logged and retried next run.
 *
 * A file being recorded at the very moment its grant passes the grace period keeps its object, or is
 * refused: grants are claimed under row locks that the media insert also takes (claimForDiscard).
 */
export async function cleanupUploads(ctx: CleanupContext, log?: FastifyBaseLogger): Promise<UploadCleanupResult | null> {
  const client = await ctx.db.$client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [CLEANUP_LOCK_KEY]);
    if (!rows[0]?.locked) return null;
    try {
      return await runCleanup(ctx, log);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [CLEANUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

async function runCleanup(ctx: CleanupContext, log?: FastifyBaseLogger): Promise<UploadCleanupResult> {
  const grants = uploadGrantsRepo(ctx.db);
  const now = ctx.now();
  const graceCutoff = new Date(now.getTime() - ctx.config.uploads.cleanupGraceMs);
  const result: UploadCleanupResult = { discarded: 0, aborted: 0, pruned: 0 };

  const skipped = new Set<string>();
  while (result.discarded + skipped.size < MAX_PER_RUN) {
    const found = (await grants.unrecordedBefore(graceCutoff, BATCH + skipped.size)).filter((grant) => !skipped.has(grant.key));
    if (found.length === 0) break;
    const keys = found.map((grant) => grant.key);
    // A resumable upload's pieces go with it (those joined were deleted then; the rest are here).
    const objectsOf = (key: string) => {
      const grant = found.find((g) => g.key === key)!;
      return grant.resumable ? [key, ...pieceKeysOf(key, grant.declaredSize)] : [key];
    };
    // Claimed first, deleted after: a grant a media row records meanwhile is never claimed.
    const claimed = await grants.claimForDiscard(keys, now);
    for (const key of keys) if (!claimed.includes(key)) skipped.add(key); // recorded meanwhile
    const outcomes = await Promise.allSettled(claimed.map((key) => deleteObjects(ctx.storage, objectsOf(key))));
    const deleted = claimed.filter((key, i) => {
      const outcome = outcomes[i]!;
      if (outcome.status === 'fulfilled') return true;
      skipped.add(key);
      log?.error({ err: outcome.reason, key }, 'unrecorded upload not deleted');
      return false;
    });
    await grants.unclaim(claimed.filter((key) => !deleted.includes(key)));
    result.discarded += deleted.length;
  }

  if (ctx.storage.kind === 's3') {
    const stale = (await ctx.storage.listMultipartUploads('uploads/')).filter((upload) => upload.initiated < graceCutoff);
    for (const upload of stale.slice(0, MAX_PER_RUN)) {
      try {
        await ctx.storage.abortMultipart(upload.key, upload.uploadId);
        result.aborted += 1;
      } catch (err) {
        log?.error({ err, key: upload.key }, 'stale multipart upload not aborted');
      }
    }
  }

  const pruneBefore = Math.min(graceCutoff.getTime(), now.getTime() - UPLOAD_QUOTA_WINDOW_MS);
  result.pruned = await grants.pruneSettled(new Date(pruneBefore));
  if (result.discarded || result.aborted || result.pruned) log?.info(result, 'upload clean-up');
  return result;
}

/**
 * Runs the clean-up every UPLOAD_CLEANUP_INTERVAL_MS while the server runs (an hour against a grace
 * period of a day by default).
 */
export function scheduleUploadCleanup(app: FastifyInstance, ctx: CleanupContext): void {
  schedulePeriodic(app, 'upload clean-up', UPLOAD_CLEANUP_INTERVAL_MS, () => cleanupUploads(ctx, app.log));
}
