import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { idParams } from '../../../shared/contract/common';
import {
  commitImportSchema,
  dryRunSchema,
  importJobSchema,
  importMappingSchema,
  saveImportMappingSchema,
  uploadImportQuery,
  type ImportJob,
} from '../../../shared/contract/imports';
import { ORGANISATION_TIME_ZONE_DEFAULT, todayIn } from '../../../shared/domain/compliance/calendar-date';
import {
  IMPORT_UPLOADS_MESSAGE,
  IMPORT_UPLOADS_PER_HOUR,
  isImportField,
  mergeValueSynonyms,
  parseInspectionTarget,
  withInspectionSuggestions,
  type ImportFormat,
  type ImportTarget,
} from '../../../shared/domain/imports';
import type { Permission } from '../../../shared/domain/permissions';
import { complianceRegimes } from '../../db/schema';
import type { AppContext } from '../../app-context';
import { isUuid } from '../../db/keyset';
import { badRequest, conflict, HttpError, notFound } from '../../http-errors';
import { contentDisposition } from '../media/media-files';
import { filenameSlug } from '../reports/filename-slug';
import { IMPORT_FILE_TTL_MS, importFilePath, importFiles, receiveFile, sweepImportFiles } from './import-files';
import { importRunner } from './import-in-worker';
import { CommitRowError, regimesOfMapping, type RunInput } from './import-run';
import { importsRepo, toImportJob, type ImportRow, type ImportSummary } from './imports.repo';
import { sniffFormat } from './sheet-reader';

/** POST /api/imports takes the file itself as its body (security.ts lets exactly it through). */
export const IMPORT_UPLOAD_ROUTE = '/api/imports';

const IMPORT_NOT_FOUND = 'Import not found';
const BUSY_MESSAGE = 'Another import is running a dry run or a commit. Wait for it to finish, then try again.';
const FILE_GONE_MESSAGE = 'The uploaded file has been removed (files are kept a day): upload it again.';
const INTERRUPTED_MESSAGE = 'The server stopped while this was running; nothing was imported. Run it again.';
const SUMMARY_ERRORS = 200;

const RUNNING_STATUSES = new Set(['dry_running', 'committing']);
/** How often a running job's process says it is alive (well within STALE_SECONDS). */
const HEARTBEAT_MS = 2_000;

/**
 * The Import page's API (issue 26, ADR 029), for roles with `register.import`: upload a file, dry
 * run a mapping (in the background; the page polls the job), commit it in one transaction, download
 * the error workbook, and keep mappings to reuse.
 */
export function importsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const repo = importsRepo(ctx.db);
  /** The job whose dry run or commit this process is running, and its rows read so far. */
  let running: { id: string; rowsDone: number } | null = null;
  const dataDir = ctx.config.dataDir;
  const runner = importRunner(ctx.db);
  const files = importFiles(ctx.storage, dataDir);
  const today = () => todayIn(ORGANISATION_TIME_ZONE_DEFAULT, ctx.now());

  /**
   * What else a mapping makes the import do, checked before it starts: recording inspections (and
   * setting up the duties they belong to) and meter readings need the permissions their own screens
   * need, so an import never does what its user could not do by hand.
   */
  const refuseWhatTheUserMayNot = async (actor: { id: string; role: Parameters<AppContext['policy']['authorize']>[0]['role'] }, targets: readonly (ImportTarget | null)[]) => {
    const needed = new Set<Permission>();
    for (const target of targets) {
      if (target && parseInspectionTarget(target)) needed.add('obligation.manage').add('inspection.record');
      if (target && isImportField(target) && target.startsWith('meter')) needed.add('reading.create');
    }
    for (const permission of needed) await ctx.policy.authorize(actor, permission);
    await regimesOfMapping(ctx.db, targets);
  };

  /** The regimes in use, for suggesting a column as a regime's last inspection date or certificate. */
  const regimesInUse = () => ctx.db.select({ key: complianceRegimes.key, name: complianceRegimes.name, retiredAt: complianceRegimes.retiredAt }).from(complianceRegimes).then((rows) => rows.filter((r) => !r.retiredAt));

  const progressOf = (row: ImportRow): ImportJob['progress'] => {
    const sheet = (row.sheets as { name: string; rows: number }[]).find((s) => s.name === row.sheet);
    const rowsTotal = sheet?.rows ?? 0;
    if (running?.id === row.id) return { rowsDone: running.rowsDone, rowsTotal };
    if (RUNNING_STATUSES.has(row.status)) return { rowsDone: row.rowsDone, rowsTotal };
    return { rowsDone: row.counts ? rowsTotal : 0, rowsTotal };
  };

  /** The job as it stands; one whose process has stopped running it reads as failed. */
  const current = async (id: string): Promise<ImportRow> => {
    const row = isUuid(id) ? await repo.find(id) : undefined;
    if (!row) throw notFound(IMPORT_NOT_FOUND);
    if (RUNNING_STATUSES.has(row.status) && running?.id !== row.id) return (await repo.failIfStale(row.id, INTERRUPTED_MESSAGE)) ?? row;
    return row;
  };

  /** One import runs at a time, in this process or any other. */
  const refuseIfBusy = async () => {
    if (running || (await repo.anyRunning())) throw conflict(BUSY_MESSAGE);
  };

  const sourceOf = async (row: ImportRow) => {
    const file = row.filesRemovedAt ? undefined : await files.file(row.id, row.format);
    if (!file) throw conflict(FILE_GONE_MESSAGE);
    return file;
  };

  /** Removes the stored files of jobs uploaded more than a day ago (in the background of an upload). */
  const sweepStoredFiles = async (log: FastifyBaseLogger) => {
    const now = ctx.now();
    const expired = await repo.filesToRemove(new Date(now.getTime() - IMPORT_FILE_TTL_MS));
    const removed: string[] = [];
    for (const job of expired) {
      try {
        await files.remove(job.id, job.format);
        removed.push(job.id);
      } catch (err) {
        log.warn({ err, importId: job.id }, 'import files not removed from storage; the next upload tries again');
      }
    }
    await repo.markFilesRemoved(removed, now);
  };

  /** Runs `work` in the background as the one running job, recording how it ended. */
  const runInBackground = (id: string, log: FastifyBaseLogger, work: (progress: RunInput['onProgress']) => Promise<void>, onFailure: (message: string) => Promise<unknown>) => {
    running = { id, rowsDone: 0 };
    const progress = (rowsDone: number) => {
      if (running?.id === id) running.rowsDone = rowsDone;
    };
    const heartbeat = setInterval(() => {
      if (running?.id === id) repo.heartbeat(id, running.rowsDone).catch((err: unknown) => log.warn({ err, importId: id }, 'import heartbeat not recorded'));
    }, HEARTBEAT_MS);
    void work(progress)
      .catch(async (err: unknown) => {
        const known = err instanceof CommitRowError || err instanceof HttpError;
        if (!known) log.error({ err, importId: id }, 'import failed');
        await onFailure(known ? (err as Error).message : 'The import failed unexpectedly; nothing was imported. Try again, or ask an administrator to look at the server log.').catch(
          (e: unknown) => log.error({ err: e, importId: id }, 'import outcome not recorded'),
        );
      })
      .finally(() => {
        clearInterval(heartbeat);
        if (running?.id === id) running = null;
      });
  };

  return async (app) => {
    // The upload, alone in its own plugin: its body is the file, handed over as a stream.
    await app.register(async (upload) => {
      upload.removeAllContentTypeParsers();
      upload.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      upload.post(
        IMPORT_UPLOAD_ROUTE,
        { config: { permission: 'register.import' }, schema: { querystring: uploadImportQuery, response: { 201: importJobSchema } } },
        async (request, reply) => {
          if ((await repo.uploadsInLastHour(request.user!.id)) >= IMPORT_UPLOADS_PER_HOUR) {
            throw new HttpError(429, IMPORT_UPLOADS_MESSAGE, undefined, { 'retry-after': '3600' });
          }
          sweepImportFiles(dataDir, ctx.now());
          void sweepStoredFiles(request.log).catch((err: unknown) => request.log.warn({ err }, 'import files sweep failed'));
          const id = crypto.randomUUID();
          const body = request.body as Readable | undefined;
          if (!body || typeof (body as Readable).pipe !== 'function') throw badRequest('Send the file itself as the request body.');
          const received = path.join(dataDir, 'imports', `${id}.upload`);
          const { bytes, sha256 } = await receiveFile(body, received);
          try {
            if (bytes === 0) throw badRequest('The file is empty.');
            const { format, encoding } = sniffFormat(received);
            const sheets = await runner.inspect(received, format, encoding, (cause) => request.log.warn({ cause, importId: id }, 'import upload read again after a failed read'));
            if (sheets.every((s) => s.headers.length === 0)) throw badRequest('The file has no header row: its first row should name the columns.');
            const regimes = await regimesInUse();
            for (const sheet of sheets) sheet.suggestedMapping = withInspectionSuggestions(sheet.headers, sheet.suggestedMapping as (ImportTarget | null)[], regimes);
            fs.renameSync(received, importFilePath(dataDir, id, format));
            await files.keep(id, format);
            const { name } = request.query as z.infer<typeof uploadImportQuery>;
            const fileName = (name || `import.${format}`).replace(/[\\/]/g, '_');
            const row = await repo.create({ id, fileName, sha256, format, sheets, createdBy: request.user!.id });
            request.log.info({ event: 'import-upload', by: request.user!.id, importId: id, bytes, format, sha256 }, 'import');
            return reply.status(201).send(toImportJob(row, progressOf(row)));
          } finally {
            fs.rmSync(received, { force: true });
          }
        },
      );
    });

    app.get('/api/imports/:id', { config: { permission: 'register.import' }, schema: { params: idParams, response: { 200: importJobSchema } } }, async (request) => {
      const row = await current(request.params.id);
      return toImportJob(row, progressOf(row));
    });

    app.post(
      '/api/imports/:id/dry-run',
      { config: { permission: 'register.import' }, schema: { params: idParams, body: dryRunSchema, response: { 202: importJobSchema } } },
      async (request, reply) => {
        const row = await current(request.params.id);
        const { sheet, mapping, valueSynonyms } = request.body;
        const summary = (row.sheets as { name: string; headers: string[] }[]).find((s) => s.name === sheet);
        if (!summary) throw badRequest(`The file has no sheet "${sheet}"`, { sheet: 'Choose one of the file’s sheets' });
        if (mapping.length > summary.headers.length) throw badRequest(`The sheet has ${summary.headers.length} columns; the mapping names ${mapping.length}`);
        if (!mapping.some((target) => target !== null)) throw badRequest('Map at least one column');
        await refuseWhatTheUserMayNot(request.user!, mapping as ImportTarget[]);
        const file = await sourceOf(row);
        await refuseIfBusy();
        const started = await repo.transition(row.id, ['uploaded', 'dry_run_failed', 'ready', 'commit_failed'], 'dry_running', {
          heartbeatAt: sql`now()`,
          rowsDone: 0,
          sheet,
          mapping,
          valueSynonyms: valueSynonyms ?? {},
          message: null,
          counts: null,
          summary: null,
          newLocationsKey: null,
        });
        if (!started) throw conflict(row.status === 'committed' ? 'This import has been committed already' : BUSY_MESSAGE);
        const input = { file, format: row.format as ImportFormat, sheet, targets: mapping as RunInput['targets'], synonyms: mergeValueSynonyms(valueSynonyms), fileName: row.fileName, today: today() };
        runInBackground(
          row.id,
          request.log,
          async (onProgress) => {
            const result = await runner.dryRun({ ...input, onProgress });
            await files.keepErrors(row.id, result.errors);
            const jobSummary: ImportSummary = {
              diffs: result.diffs,
              newLocations: result.newLocations,
              newLocationCount: result.newLocationCount,
              errors: result.errors.slice(0, SUMMARY_ERRORS),
            };
            await repo.transition(row.id, ['dry_running'], 'ready', { counts: result.counts, summary: jobSummary as unknown as Record<string, unknown>, newLocationsKey: result.newLocationsKey });
          },
          (message) => repo.transition(row.id, ['dry_running'], 'dry_run_failed', { message }),
        );
        request.log.info({ event: 'import-dry-run', by: request.user!.id, importId: row.id }, 'import');
        return reply.status(202).send(toImportJob(started, progressOf(started)));
      },
    );

    app.post(
      '/api/imports/:id/commit',
      { config: { permission: 'register.import' }, schema: { params: idParams, body: commitImportSchema.nullish(), response: { 202: importJobSchema } } },
      async (request, reply) => {
        const row = await current(request.params.id);
        const approve = request.body?.approveNewLocations ?? false;
        if (row.status === 'committed') throw conflict('This import has been committed already');
        if (row.status !== 'ready' || !row.counts || !row.mapping || !row.sheet) throw conflict('Run a dry run of this file first; an import is committed only after a successful dry run.');
        if (row.counts.error > 0) {
          throw conflict(`${row.counts.error} ${row.counts.error === 1 ? 'row is' : 'rows are'} in error: fix them (download the error workbook), upload the file again and run a new dry run.`);
        }
        const newLocationCount = ((row.summary ?? {}) as Partial<ImportSummary>).newLocationCount ?? 0;
        if (newLocationCount > 0 && !approve) {
          throw conflict(`This file creates ${newLocationCount} new ${newLocationCount === 1 ? 'location' : 'locations'}: approve them (approveNewLocations: true) to commit.`);
        }
        await refuseWhatTheUserMayNot(request.user!, row.mapping as ImportTarget[]);
        const file = await sourceOf(row);
        await refuseIfBusy();
        const started = await repo.transition(row.id, ['ready'], 'committing', { message: null, heartbeatAt: sql`now()`, rowsDone: 0 });
        if (!started) throw conflict(BUSY_MESSAGE);
        const actorId = request.user!.id;
        const input = {
          file,
          format: row.format,
          sheet: row.sheet,
          targets: row.mapping as RunInput['targets'],
          synonyms: mergeValueSynonyms(row.valueSynonyms ?? {}),
          fileName: row.fileName,
          today: today(),
        };
        const approvedKey = row.newLocationsKey;
        runInBackground(
          row.id,
          request.log,
          async (onProgress) => {
            const result = await runner.commit({ ...input, onProgress }, { actorId, importId: row.id, approvedKey });
            await repo.transition(row.id, ['committing'], 'committed', { counts: result.counts, committedAt: new Date() });
            request.log.info({ event: 'import-commit', by: actorId, importId: row.id, counts: result.counts }, 'import');
          },
          (message) => repo.transition(row.id, ['committing'], 'commit_failed', { message: `${message}${/nothing was imported/.test(message) ? '' : ' Nothing was imported.'}` }),
        );
        return reply.status(202).send(toImportJob(started, progressOf(started)));
      },
    );

    app.get('/api/imports/:id/errors.xlsx', { config: { permission: 'register.import' }, schema: { params: idParams } }, async (request, reply) => {
      const row = await current(request.params.id);
      if (!row.sheet || !row.counts) throw conflict('Run a dry run first: the error workbook lists what it found.');
      const source = { file: await sourceOf(row), format: row.format, sheet: row.sheet };
      const target = path.join(os.tmpdir(), `import-errors-${crypto.randomUUID()}.xlsx`);
      try {
        await runner.errorWorkbook(target, source, await files.errors(row.id));
        const body = fs.readFileSync(target);
        const name = `${filenameSlug(row.fileName.replace(/\.[^.]+$/, '')) || 'import'}-errors.xlsx`;
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', contentDisposition('attachment', name))
          .send(body);
      } finally {
        fs.rmSync(target, { force: true });
      }
    });

    app.get('/api/import-mappings', { config: { permission: 'register.import' }, schema: { response: { 200: z.array(importMappingSchema) } } }, () => repo.mappings());

    app.put(
      '/api/import-mappings',
      { config: { permission: 'register.import' }, schema: { body: saveImportMappingSchema, response: { 200: importMappingSchema } } },
      async (request) => repo.saveMapping({ ...request.body, valueSynonyms: request.body.valueSynonyms as Record<string, Record<string, string>>, updatedBy: request.user!.id }),
    );
  };
}
