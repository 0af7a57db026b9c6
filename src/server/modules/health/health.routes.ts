import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { BACKUP_HEALTH } from '../../../shared/domain/backups';
import { readBackupHealth } from '../backups/backup-health';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  /**
   * Scheduled backups (ADR 026): `off`, `ok`, or `stale` when the last successful one is older than
   * the schedule allows. Informational: a stale backup never makes the answer 503 (it must not take
   * the app out of a load balancer). Left out when the database is down.
   */
  backup: z.enum(BACKUP_HEALTH).optional(),
});

/** GET /api/health: readiness, including whether the database answers. 503 when it does not. */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      { config: { permission: 'public' }, schema: { response: { 200: healthSchema, 503: healthSchema } } },
      async (request, reply) => {
        try {
          await ctx.db.execute(sql`SELECT 1`);
        } catch (err) {
          request.log.warn({ err }, 'health check: database unreachable');
          // The same hint as every other 503 of the API (error-handler.ts): load balancers and clients back off.
          return reply.status(503).header('retry-after', '5').send({ status: 'unavailable', database: 'down' });
        }
        try {
          return { status: 'ok' as const, database: 'up' as const, backup: await readBackupHealth(ctx.db, ctx.now()) };
        } catch (err) {
          // Readiness is the database's answer above; the backup word is extra.
          request.log.warn({ err }, 'health check: could not read the backup status');
          return { status: 'ok' as const, database: 'up' as const };
        }
      },
    );
  };
}
