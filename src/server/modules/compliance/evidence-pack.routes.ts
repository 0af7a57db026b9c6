import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZipArchive } from 'archiver';
import type { AppContext } from '../../app-context';
import { idParams } from '../../../shared/contract/common';
import { evidencePackSummarySchema } from '../../../shared/contract/evidence-pack';
import { ORGANISATION_TIME_ZONE_DEFAULT, todayIn } from '../../../shared/domain/compliance/calendar-date';
import { isUuid } from '../../db/keyset';
import { badRequest, notFound } from '../../http-errors';
import type { ObjectStorage } from '../../storage';
import { contentDisposition } from '../media/media-files';
import { exportQueue, type ExportQueue } from '../reports/export-queue';
import { filenameSlug } from '../reports/filename-slug';
import { writeCsv, writeXlsx, type ReportRow } from '../reports/spreadsheet';
import { evidencePackRepo, INDEX_COLUMNS, indexRows, namePackFiles, packRefusal, type PackFile, type PackObligation } from './evidence-pack';

const LOCATION_NOT_FOUND = 'Location not found';

/**
 * Packs built at once by one process, and how many may wait. A pack is not CPU work like a report
 * (its files are stored as they are) but it holds a storage stream and a response for as long as
 * the client takes to read up to a gigabyte, so it has a queue of its own: a few slow phones must
 * not hold the report workers.
 */
const PACKS_AT_ONCE = 3;
const PACKS_WAITING = 10;
/**
 * A client that has not read its pack in this long is cut off, so it cannot hold a slot for good
 * (a full pack of 1 GiB takes about half an hour on a slow mobile connection of 5 Mbit/s).
 */
const PACK_TIME_LIMIT_MS = 60 * 60_000;

/** A slot of the queue, held until the returned function is called (the queue's `run` wraps the whole pack). */
function takeSlot(queue: ExportQueue): Promise<() => void> {
  return new Promise((resolve, reject) => {
    queue.run(() => new Promise<void>((release) => resolve(release))).catch(reject);
  });
}

/**
 * GET /api/locations/{id}/evidence-pack: the zip (ADR 025, "Evidence pack"); GET
 * /api/locations/{id}/evidence-pack/summary: what it would hold, and the refusal it would meet.
 * Both under `report.export`: the pack is an export of the register. An area manager reaches only
 * locations in their areas (404 otherwise, as every location route).
 */
export function evidencePackRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const repo = evidencePackRepo(ctx.db);
    const queue = exportQueue({ concurrency: PACKS_AT_ONCE, limit: PACKS_WAITING });
    const today = () => todayIn(ORGANISATION_TIME_ZONE_DEFAULT, ctx.now());
    const limits = ctx.config.evidencePack;

    const findLocation = async (id: string) => {
      const location = isUuid(id) ? await repo.location(id) : undefined;
      if (!location) throw notFound(LOCATION_NOT_FOUND);
      return location;
    };

    app.get(
      '/api/locations/:id/evidence-pack/summary',
      { config: { permission: 'report.export', area: { params: { id: 'location' } } }, schema: { params: idParams, response: { 200: evidencePackSummarySchema } } },
      async (request) => {
        const location = await findLocation(request.params.id);
        const counts = await repo.counts(location.id);
        return { ...counts, ...limits, refusal: packRefusal(counts, limits) };
      },
    );

    app.get(
      '/api/locations/:id/evidence-pack',
      { config: { permission: 'report.export', area: { params: { id: 'location' } } }, schema: { params: idParams } },
      async (request, reply) => {
        const location = await findLocation(request.params.id);
        // Counted before anything is sent: once the zip has started, a refusal can only be a broken download.
        const refusal = packRefusal(await repo.counts(location.id), limits);
        if (refusal) throw badRequest(refusal);

        const filename = `evidence-pack-${filenameSlug(location.name)}-${today()}.zip`;
        // Set only when the zip is sent: an error answered before then must not be an attachment.
        const asZip = () =>
          reply
            .header('content-type', 'application/zip')
            .header('content-disposition', contentDisposition('attachment', filename))
            .header('x-content-type-options', 'nosniff')
            .header('cache-control', 'private, no-store');
        // Fastify answers HEAD with this handler and reads a stream body to its end: the whole pack
        // would be built for nothing.
        if (request.method === 'HEAD') return asZip().send();

        const release = await takeSlot(queue);
        // The client may have gone while it waited for the slot: its 'close' has been and gone.
        if (reply.raw.destroyed || request.raw.socket?.destroyed) {
          release();
          return reply;
        }
        let contents: PackObligation[];
        try {
          contents = await repo.contents(location.id, today());
        } catch (err) {
          release();
          throw err;
        }
        const archive = new ZipArchive({ zlib: { level: 6 } });
        const log = request.log.child({ locationId: location.id });
        const started = performance.now();
        // The client may go while the pack is being written; everything below stops then.
        const abort = new AbortController();
        const stop = () => {
          if (abort.signal.aborted) return;
          abort.abort();
          archive.abort();
        };
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished) stop();
        });
        const timer = setTimeout(() => {
          log.warn('evidence pack stopped: the client took too long to read it');
          stop();
          reply.raw.destroy();
        }, PACK_TIME_LIMIT_MS);
        archive.on('error', (err) => {
          if (!abort.signal.aborted) log.error({ err }, 'evidence pack failed while being sent');
          stop();
          reply.raw.destroy();
        });

        void writePack(archive, contents, ctx.storage, abort.signal, log)
          .then(
            (result) => {
              if (result) log.info({ obligations: contents.length, ...result, ms: Math.round(performance.now() - started) }, 'evidence pack sent');
            },
            (err: unknown) => {
              if (!abort.signal.aborted) log.error({ err }, 'evidence pack failed while being sent');
              stop();
              reply.raw.destroy();
            },
          )
          .finally(() => {
            clearTimeout(timer);
            release();
          });

        return asZip().send(archive);
      },
    );
  };
}

/**
 * Appends the files one at a time (one storage stream open at once; the archive's backpressure
 * paces each read to the client), then the index. A file storage cannot give is named in the index
 * as missing and the pack goes on; an error in the middle of a file ends the download, since a zip
 * with half an entry would be corrupt. Resolves with what was sent, or null when stopped.
 */
async function writePack(
  archive: ZipArchive,
  contents: PackObligation[],
  storage: ObjectStorage,
  signal: AbortSignal,
  log: FastifyBaseLogger,
): Promise<{ files: number; missing: number; bytes: number } | null> {
  const names = namePackFiles(contents);
  const missing = new Set<PackFile>();
  let sent = 0;
  for (const obligation of contents) {
    for (const file of obligation.files) {
      if (signal.aborted) return null;
      let source: Readable | undefined;
      try {
        source = file.objectKey ? await storage.read(file.objectKey) : undefined;
      } catch (err) {
        log.warn({ err, mediaId: file.id }, 'evidence pack: a file could not be read from storage');
      }
      if (!source) {
        missing.add(file);
        continue;
      }
      if (signal.aborted) {
        source.destroy();
        return null;
      }
      const stream = source;
      const destroy = () => stream.destroy();
      signal.addEventListener('abort', destroy, { once: true });
      // Photos and PDFs are compressed already: stored, they cost no CPU and lose nothing.
      archive.append(stream, { name: names.get(file)!, store: true, date: obligation.lastCompletedOn ? new Date(`${obligation.lastCompletedOn}T12:00:00Z`) : undefined });
      try {
        await once(archive, 'entry', { signal });
      } catch (err) {
        if (signal.aborted) return null;
        throw err;
      } finally {
        signal.removeEventListener('abort', destroy);
      }
      sent++;
    }
  }

  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'asset-register-pack-'));
  try {
    const rows = indexRows(contents, names, missing);
    async function* batches(): AsyncIterable<ReportRow[]> {
      yield rows;
    }
    const xlsx = path.join(dir, 'index.xlsx');
    const csv = path.join(dir, 'index.csv');
    await writeXlsx(xlsx, 'Evidence index', INDEX_COLUMNS, batches());
    await writeCsv(csv, INDEX_COLUMNS, batches());
    if (signal.aborted) return null;
    archive.append(fs.createReadStream(xlsx), { name: 'index.xlsx' });
    archive.append(fs.createReadStream(csv), { name: 'index.csv' });
    await Promise.race([archive.finalize(), once(signal, 'abort')]);
    return signal.aborted ? null : { files: sent, missing: missing.size, bytes: archive.pointer() };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
