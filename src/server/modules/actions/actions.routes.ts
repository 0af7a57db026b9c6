import { recomputeObligation } from '../compliance/obligations.repo';
import { EVIDENCE_NEEDED_MESSAGE, lacksEvidence } from '../compliance/remedial-actions';
import { DONE_ACTION_STATUSES } from '../../../shared/domain/actions';
import { ORGANISATION_TIME_ZONE_DEFAULT, todayIn } from '../../../shared/domain/compliance/calendar-date';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACTION_CHANGED_MESSAGE,
  ACTION_IF_MATCH_INVALID_MESSAGE,
  actionConflictSchema,
  actionSchema,
  createActionSchema,
  listActionsQuery,
  updateActionSchema,
  type Action,
} from '../../../shared/contract/actions';
import { idParams, NEXT_CURSOR_HEADER } from '../../../shared/contract/common';
import { basedOnOf } from '../../if-match';
import { badRequest, notFound, pgErrorCode } from '../../http-errors';
import { isUuid } from '../../db/keyset';
import { JSON_CONTENT_TYPE, jsonPageOf } from '../../db/json-rows';
import { transactionAs } from '../../db/actor';
import type { AppContext } from '../../app-context';
import { actionsRepo, nextCursorAfter, type ActionChanges } from './actions.repo';
import { completedDateFor, utcDate } from './completed-date';

const PG_FOREIGN_KEY_VIOLATION = '23503';
const ACTION_NOT_FOUND = 'Action not found';

type Repo = ReturnType<typeof actionsRepo>;

/**
 * Checks the links an action is to have and returns the asset it ends up linked to. Both must exist;
 * an assessment must belong to the given asset, and one given alone links its asset too (so the
 * action shows on that asset's Actions tab).
 */
async function resolveLinks(repo: Repo, assetId: string | null, assessmentId: string | null) {
  if (assetId !== null && (await repo.assetCodeOf(assetId)) === undefined) {
    throw badRequest('Asset not found', { assetId: 'Asset not found' });
  }
  if (assessmentId === null) return { assetId, assessmentId };
  const owner = await repo.assetOfAssessment(assessmentId);
  if (owner === undefined) throw badRequest('Assessment not found', { assessmentId: 'Assessment not found' });
  if (assetId !== null && owner !== assetId) {
    const message = 'The assessment belongs to another asset';
    throw badRequest(message, { assessmentId: message });
  }
  return { assetId: owner, assessmentId };
}

/** A linked row deleted between the check and the write. */
function rethrowMissingLink(err: unknown): never {
  if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION) throw badRequest('The linked asset or assessment no longer exists');
  throw err;
}

/** GET/POST /api/actions, GET/PATCH /api/actions/{id} (spec §7, DESIGN.md; docs/decisions/004). */
export function actionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const repo = actionsRepo(ctx.db, ctx.now);

    // The body is z.array(actionSchema), written by PostgreSQL (db/json-rows.ts) and sent as it
    // comes, so there is no response schema to serialise with; the tests check the shape.
    app.get('/api/actions', { config: { permission: 'register.read', area: 'filtered' }, schema: { querystring: listActionsQuery } }, async (request, reply) => {
      const { limit, ...filters } = request.query;
      const page = jsonPageOf(await repo.list({ ...filters, areaRoots: request.areaRoots }, limit), limit, nextCursorAfter(filters.sort));
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return reply.type(JSON_CONTENT_TYPE).send(page.body);
    });

    app.get('/api/actions/:id', { config: { permission: 'register.read', area: { params: { id: 'action' } } }, schema: { params: idParams, response: { 200: actionSchema } } }, async (request) => {
      const action = isUuid(request.params.id) ? await repo.findById(request.params.id) : undefined;
      if (!action) throw notFound(ACTION_NOT_FOUND);
      return action;
    });

    app.post(
      '/api/actions',
      { config: { permission: 'action.create', idempotent: true, area: { body: { assetId: 'asset', assessmentId: 'assessment' }, create: true } }, schema: { body: createActionSchema, response: { 201: actionSchema } } },
      async (request, reply) => {
        const body = request.body;
        const links = await resolveLinks(repo, body.assetId, body.assessmentId);
        const userId = request.user!.id;
        const action = await transactionAs(
          ctx.db,
          userId,
          (tx) =>
            actionsRepo(tx, ctx.now).create({
              ...links,
              title: body.title,
              description: body.description,
              category: body.category,
              priority: body.priority,
              status: body.status,
              assignee: body.assignee,
              targetDate: body.targetDate,
              completedDate: completedDateFor(null, body.status, body.completedDate, utcDate(ctx.now())),
              // The creator is whoever is signed in, whatever the body says (SEC-AC-2).
              createdBy: userId,
            }),
          reply.keepAnswer((made) => ({ statusCode: 201, body: made })),
        ).catch(rethrowMissingLink);
        return reply.status(201).send(action);
      },
    );

    app.patch(
      '/api/actions/:id',
      {
        config: { permission: 'action.update', idempotent: true, area: { params: { id: 'action' }, body: { assetId: 'asset', assessmentId: 'assessment' } } },
        schema: { params: idParams, body: updateActionSchema, response: { 200: actionSchema, 412: actionConflictSchema } },
      },
      async (request, reply) => {
        const { id } = request.params;
        if (!isUuid(id)) throw notFound(ACTION_NOT_FOUND);
        const body = request.body;
        const basedOn = basedOnOf(request, ACTION_IF_MATCH_INVALID_MESSAGE);

        const updated = await transactionAs(ctx.db, request.user!.id, async (tx): Promise<Action | { changed: Action } | undefined> => {
          const txRepo = actionsRepo(tx, ctx.now);
          // Locked, so two edits cannot both judge the status change against the same old status.
          const current = await txRepo.lockById(id);
          if (!current) throw notFound(ACTION_NOT_FOUND);
          // Compared at the millisecond the API gives updatedAt with.
          if (basedOn && current.updatedAt.getTime() !== basedOn.getTime()) return { changed: (await txRepo.findById(id))! };

          const changes: ActionChanges = {
            title: body.title,
            description: body.description,
            category: body.category,
            priority: body.priority,
            status: body.status,
            assignee: body.assignee,
            targetDate: body.targetDate,
            completedDate: completedDateFor(current, body.status ?? current.status, body.completedDate, utcDate(ctx.now())),
            updatedAt: ctx.now(),
          };
          if (body.assetId !== undefined || body.assessmentId !== undefined) {
            const assetId = body.assetId === undefined ? current.assetId : body.assetId;
            const assessmentId = body.assessmentId === undefined ? current.assessmentId : body.assessmentId;
            Object.assign(changes, await resolveLinks(txRepo, assetId, assessmentId));
          }
          const completing = body.status !== undefined && DONE_ACTION_STATUSES.includes(body.status) && !DONE_ACTION_STATUSES.includes(current.status);
          if (completing && (await lacksEvidence(tx, current))) throw badRequest(EVIDENCE_NEEDED_MESSAGE, { status: EVIDENCE_NEEDED_MESSAGE });
          // Drizzle leaves out keys whose value is undefined: fields the body does not mention stay.
          const action = await txRepo.update(id, changes);
          // A remedial action done (or reopened) decides whether its obligation is still failed (ADR 025).
          if (current.obligationId && current.inspectionId && body.status !== undefined && body.status !== current.status) {
            await recomputeObligation(tx, current.obligationId, todayIn(ORGANISATION_TIME_ZONE_DEFAULT, ctx.now()), request.user!.id);
          }
          return action;
        }, reply.keepAnswer((made: Action | { changed: Action } | undefined) => (made && !('changed' in made) ? { statusCode: 200, body: made } : undefined))).catch(rethrowMissingLink);
        if (updated && 'changed' in updated) return reply.status(412).send({ message: ACTION_CHANGED_MESSAGE, current: updated.changed });
        return updated!;
      },
    );
  };
}
