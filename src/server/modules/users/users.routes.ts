import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAuditPageSchema,
  approveUserSchema,
  managedUserSchema,
  oneTimeLinkSchema,
  updateUserSchema,
  usersListSchema,
  usersQuerySchema,
} from '../../../shared/contract/users';
import { PASSWORD_RESET_TTL_HOURS } from '../../../shared/domain/accounts';
import { badRequest, conflict, notFound } from '../../http-errors';
import { areasNamed, outermostAreas } from '../../policy/areas';
import type { AppContext } from '../../app-context';
import { transactionAs, type Tx } from '../../db/actor';
import { idParams } from '../../../shared/contract/common';
import { toManagedUser, usersRepo, type UserRow } from '../auth/users.repo';
import { passwordResetsRepo } from './password-resets.repo';
import { adminAuditRepo } from './admin-audit.repo';
import { linkTo } from './links';

const USER_NOT_FOUND = 'User not found';
const LAST_ADMIN = 'The last active organisation admin cannot be demoted or deactivated. Make another user an org admin first.';
const NOT_PENDING = 'This account is not awaiting approval';
const AREA_NOT_FOUND = 'Location not found';
const ONLY_AREA_MANAGERS = 'Only area managers can be limited to areas';

/** The Users page's calls: list, change role or status, approve or reject, reset a password (ADR 024). */
export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const users = usersRepo(ctx.db);
    const audit = adminAuditRepo(ctx.db);

    /** Refuses a change that would leave no active org admin. */
    const keepAnAdmin = async (tx: Tx, target: UserRow, next: { role: UserRow['role']; status: UserRow['status'] }) => {
      const wasAdmin = target.role === 'org_admin' && target.status === 'active';
      const staysAdmin = next.role === 'org_admin' && next.status === 'active';
      if (!wasAdmin || staysAdmin) return;
      const admins = await users.lockActiveAdmins(tx);
      if (admins.filter((id) => id !== target.id).length === 0) throw conflict(LAST_ADMIN);
    };

    /** Runs an administrative change as the signed-in admin; the user's sessions everywhere learn of it. */
    const changeUser = <T>(adminId: string, userId: string, work: (tx: Tx, target: UserRow) => Promise<T>) =>
      transactionAs(ctx.db, adminId, async (tx) => {
        const target = await users.findById(userId, tx);
        if (!target) throw notFound(USER_NOT_FOUND);
        const result = await work(tx, target);
        await ctx.accessEvents.send(tx, { kind: 'user', userId });
        return result;
      });

    app.get(
      '/api/users',
      { config: { permission: 'user.manage' }, schema: { querystring: usersQuerySchema, response: { 200: usersListSchema } } },
      async (request) => {
        const { search, role, status } = request.query;
        return users.list({
          search: search || undefined,
          role: role && role !== 'all' ? role : undefined,
          status: status && status !== 'all' ? status : undefined,
        });
      },
    );

    app.patch(
      '/api/users/:id',
      { config: { permission: 'user.manage' }, schema: { params: idParams, body: updateUserSchema, response: { 200: managedUserSchema } } },
      async (request) => {
        const change = request.body;
        // Locations are never deleted, so areas checked here still exist when the change is written.
        const chosen = change.areaLocationIds && (await outermostAreas(ctx.db, change.areaLocationIds));
        if (chosen && chosen.found < new Set(change.areaLocationIds).size) throw badRequest(AREA_NOT_FOUND, { areaLocationIds: AREA_NOT_FOUND });
        const chosenAreas = chosen?.areas;
        const updated = await changeUser(request.user!.id, request.params.id, async (tx, target) => {
          if (target.status === 'pending') throw conflict('Approve or reject this account first');
          const next = {
            role: change.role ?? target.role,
            status: change.status ?? target.status,
            areaLocationIds: chosenAreas ? chosenAreas.map((a) => a.id) : target.areaLocationIds,
          };
          // Areas bound area managers only; a user who stops being one gets the whole estate back.
          if (next.role !== 'area_manager') {
            if (chosenAreas && chosenAreas.length > 0) throw badRequest(ONLY_AREA_MANAGERS, { areaLocationIds: ONLY_AREA_MANAGERS });
            next.areaLocationIds = [];
          }
          await keepAnAdmin(tx, target, next);
          const row = await users.update(tx, target.id, next);
          // Deactivated: every session ends now, on every process.
          if (next.status === 'deactivated') await app.sessions.endAllFor(target.id, { tx });
          return row!;
        });
        request.log.info({ event: 'user-change', userId: updated.id, by: request.user!.id, change }, 'admin');
        return toManagedUser(updated, await areasNamed(ctx.db, updated.areaLocationIds));
      },
    );

    app.post(
      '/api/users/:id/approve',
      { config: { permission: 'user.manage' }, schema: { params: idParams, body: approveUserSchema, response: { 200: managedUserSchema } } },
      async (request) => {
        const approved = await changeUser(request.user!.id, request.params.id, async (tx, target) => {
          if (target.status !== 'pending') throw conflict(NOT_PENDING);
          return (await users.update(tx, target.id, { status: 'active', role: request.body.role, requestedRole: null }))!;
        });
        return toManagedUser(approved, []);
      },
    );

    app.post(
      '/api/users/:id/reject',
      { config: { permission: 'user.manage' }, schema: { params: idParams, body: z.object({}).nullish() } },
      async (request, reply) => {
        await changeUser(request.user!.id, request.params.id, async (tx, target) => {
          if (target.status !== 'pending' || !(await users.deletePending(tx, target.id))) throw conflict(NOT_PENDING);
        });
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/users/:id/password-reset',
      { config: { permission: 'user.manage' }, schema: { params: idParams, body: z.object({}).nullish(), response: { 201: oneTimeLinkSchema } } },
      async (request, reply) => {
        const now = ctx.now();
        const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_HOURS * 3_600_000);
        const token = await changeUser(request.user!.id, request.params.id, (tx, target) => {
          if (target.status === 'pending') throw conflict('Approve this account before resetting its password');
          return passwordResetsRepo.create(tx, { userId: target.id, createdBy: request.user!.id, now, expiresAt });
        });
        request.log.info({ event: 'password-reset-link', userId: request.params.id, by: request.user!.id }, 'admin');
        return reply.status(201).send({ url: linkTo(request, '/reset-password', token), expiresAt: expiresAt.toISOString() });
      },
    );

    app.get(
      '/api/admin/audit',
      {
        config: { permission: 'user.manage' },
        schema: { querystring: z.object({ cursor: z.string().max(100).optional() }), response: { 200: adminAuditPageSchema } },
      },
      async (request) => audit.page(request.query.cursor),
    );
  };
}
