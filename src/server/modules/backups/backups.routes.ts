import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backupRunSchema, backupSettingsSchema, backupsOverviewSchema, updateBackupSettingsSchema } from '../../../shared/contract/backups';
import { conflict } from '../../http-errors';
import type { BackupService } from './backup-service';

export const BACKUP_BUSY_MESSAGE = 'A backup or a restore is already running. Wait for it to finish, then try again.';

/**
 * The Backups section of Settings (org admins, `backup.manage`; ADR 026): the schedule, the runs and
 * the backups in the target; "Back up now" answers 202 with the run as soon as the backup holds the
 * engine's lock, and the backup goes on in the background (the page polls GET /api/backups).
 */
export function backupsRoutes(backups: BackupService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/backups', { config: { permission: 'backup.manage' }, schema: { response: { 200: backupsOverviewSchema } } }, () => backups.overview());

    app.put(
      '/api/backups/settings',
      { config: { permission: 'backup.manage' }, schema: { body: updateBackupSettingsSchema, response: { 200: backupSettingsSchema } } },
      async (request) => {
        const settings = await backups.updateSettings(request.user!.id, request.body);
        request.log.info({ event: 'backup-settings-change', by: request.user!.id, change: request.body }, 'admin');
        return settings;
      },
    );

    // The spec's client sends bodiless POSTs (Fastify validates no body as null); `{}` works too.
    app.post(
      '/api/backups',
      { config: { permission: 'backup.manage' }, schema: { body: z.object({}).nullish(), response: { 202: backupRunSchema } } },
      async (request, reply) => {
        const outcome = await backups.start('manual', request.user!.id);
        if (outcome.kind === 'busy') throw conflict(BACKUP_BUSY_MESSAGE);
        request.log.info({ event: 'backup-now', by: request.user!.id, run: outcome.run.id }, 'admin');
        return reply.status(202).send(outcome.run);
      },
    );
  };
}
