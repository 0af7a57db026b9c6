import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import {
  BULK_OBLIGATIONS_MAX,
  bulkObligationsResultSchema,
  bulkObligationsSchema,
  complianceSummaryQuery,
  complianceSummarySchema,
  createInspectionSchema,
  createObligationSchema,
  obligationWorklistQuery,
  inspectionSchema,
  listObligationsQuery,
  obligationSchema,
  updateObligationSchema,
} from '../../../shared/contract/compliance';
import { idParams, NEXT_CURSOR_HEADER } from '../../../shared/contract/common';
import { ORGANISATION_TIME_ZONE_DEFAULT, todayIn } from '../../../shared/domain/compliance/calendar-date';
import { validateInspectionDate } from '../../../shared/domain/compliance/obligation-status';
import { isUuid } from '../../db/keyset';
import { JSON_CONTENT_TYPE } from '../../db/json-rows';
import { badRequest, conflict, notFound } from '../../http-errors';
import { regimesRoutes } from './regimes.routes';
import { calendarFeedRoutes } from './calendar-feed.routes';
import { emailDigestRoutes } from './email-digest.routes';
import { evidencePackRoutes } from './evidence-pack.routes';
import { obligationsRepo } from './obligations.repo';
import { complianceSummaryRepo } from './compliance-summary';

const OBLIGATION_NOT_FOUND = 'Obligation not found';
const USER_NOT_FOUND = 'Choose an active user';

/**
 * The regimes (regimes.routes.ts), GET /api/compliance/summary, GET /api/compliance/obligations; GET/POST /api/obligations, POST /api/obligations/bulk, GET/PATCH /api/obligations/{id},
 * GET /api/obligations/{id}/inspections; POST /api/inspections (ADR 025).
 */
export function complianceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const obligations = obligationsRepo(ctx.db);
    const summaries = complianceSummaryRepo(ctx.db);
    // Dates are the organisation's calendar dates, never UTC's.
    const today = () => todayIn(ORGANISATION_TIME_ZONE_DEFAULT, ctx.now());

    await app.register(regimesRoutes(ctx));
    await app.register(calendarFeedRoutes(ctx));
    await app.register(emailDigestRoutes(ctx));
    await app.register(evidencePackRoutes(ctx));

    // Without a location, the user's areas or the whole estate; a location outside the areas is not found.
    app.get(
      '/api/compliance/summary',
      { config: { permission: 'register.read', area: { query: { locationId: 'location' } } }, schema: { querystring: complianceSummaryQuery, response: { 200: complianceSummarySchema } } },
      async (request) => {
        const summary = await summaries.summary(request.query, request.areaRoots);
        if (!summary) throw notFound('Location not found');
        return summary;
      },
    );

    // The body is z.array(obligationWorkItemSchema), written by PostgreSQL (db/json-rows.ts, ADR 014)
    // and sent as it comes, so there is no response schema to serialise with; the tests check the shape.
    app.get(
      '/api/compliance/obligations',
      { config: { permission: 'register.read', area: { query: { locationId: 'location' } } }, schema: { querystring: obligationWorklistQuery } },
      async (request, reply) => {
        const { limit, ...filter } = request.query;
        const page = await obligations.worklist(filter, request.areaRoots, limit, today());
        if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        return reply.type(JSON_CONTENT_TYPE).send(page.body);
      },
    );

    app.get(
      '/api/obligations',
      { config: { permission: 'register.read', area: { query: { assetId: 'asset', locationId: 'location' } } }, schema: { querystring: listObligationsQuery, response: { 200: z.array(obligationSchema) } } },
      async (request) => obligations.list(request.query, today()),
    );

    app.post(
      '/api/obligations',
      {
        config: { permission: 'obligation.manage', area: { body: { assetId: 'asset', locationId: 'location' }, create: true } },
        schema: { body: createObligationSchema, response: { 201: obligationSchema } },
      },
      async (request, reply) => {
        const result = await obligations.create(request.body, request.user!.id, today());
        switch (result.kind) {
          case 'regime-missing':
            throw badRequest('Regime not found', { regimeId: 'Regime not found' });
          case 'asset-missing':
            throw badRequest('Asset not found', { assetId: 'Asset not found' });
          case 'location-missing':
            throw badRequest('Location not found', { locationId: 'Location not found' });
          case 'user-missing':
            throw badRequest(USER_NOT_FOUND, { responsibleUserId: USER_NOT_FOUND });
          case 'duplicate': {
            const message = `${request.body.assetId ? 'This asset' : 'This location'} already has the obligation "${result.regimeName}"`;
            throw conflict(message, { regimeId: message });
          }
          case 'created':
            return reply.status(201).send(result.obligation);
        }
      },
    );

    app.post(
      '/api/obligations/bulk',
      {
        config: { permission: 'obligation.manage', area: { body: { locationId: 'location' } } },
        schema: { body: bulkObligationsSchema, response: { 200: bulkObligationsResultSchema } },
      },
      async (request) => {
        const result = await obligations.applyToSubtree(request.body, request.user!.id, today());
        switch (result.kind) {
          case 'regime-missing':
            throw badRequest('Regime not found', { regimeId: 'Regime not found' });
          case 'location-missing':
            throw badRequest('Location not found', { locationId: 'Location not found' });
          case 'user-missing':
            throw badRequest(USER_NOT_FOUND, { responsibleUserId: USER_NOT_FOUND });
          case 'too-many': {
            const message = `${result.found.toLocaleString('en-GB')} records match: choose a location with at most ${BULK_OBLIGATIONS_MAX.toLocaleString('en-GB')}`;
            throw badRequest(message, { locationId: message });
          }
          case 'applied':
            return { created: result.created, existing: result.existing };
        }
      },
    );

    app.get(
      '/api/obligations/:id',
      { config: { permission: 'register.read', area: { params: { id: 'obligation' } } }, schema: { params: idParams, response: { 200: obligationSchema } } },
      async (request) => {
        const obligation = isUuid(request.params.id) ? await obligations.get(request.params.id, today()) : undefined;
        if (!obligation) throw notFound(OBLIGATION_NOT_FOUND);
        return obligation;
      },
    );

    app.patch(
      '/api/obligations/:id',
      {
        config: { permission: 'obligation.manage', area: { params: { id: 'obligation' } } },
        schema: { params: idParams, body: updateObligationSchema, response: { 200: obligationSchema } },
      },
      async (request) => {
        const updated = isUuid(request.params.id) ? await obligations.update(request.params.id, request.body, request.user!.id, today()) : undefined;
        if (updated === 'user-missing') throw badRequest(USER_NOT_FOUND, { responsibleUserId: USER_NOT_FOUND });
        if (!updated) throw notFound(OBLIGATION_NOT_FOUND);
        return updated;
      },
    );

    app.get(
      '/api/obligations/:id/inspections',
      { config: { permission: 'register.read', area: { params: { id: 'obligation' } } }, schema: { params: idParams, response: { 200: z.array(inspectionSchema) } } },
      async (request) => {
        const found = isUuid(request.params.id) ? await obligations.inspections(request.params.id) : undefined;
        if (!found) throw notFound(OBLIGATION_NOT_FOUND);
        return found;
      },
    );

    app.post(
      '/api/inspections',
      {
        config: { permission: 'inspection.record', idempotent: true, area: { body: { obligationId: 'obligation' }, create: true } },
        schema: { body: createInspectionSchema, response: { 200: inspectionSchema, 201: inspectionSchema } },
      },
      async (request, reply) => {
        const now = today();
        const wrongDate = validateInspectionDate(request.body.performedOn, now);
        if (wrongDate) throw badRequest(wrongDate, { performedOn: wrongDate });
        // A retry found by its client id ('existing') wrote nothing: its answer is kept as it is sent.
        const result = await obligations.recordInspection(
          request.body,
          request.user!.id,
          now,
          reply.keepAnswer((made) => (made.kind === 'created' ? { statusCode: 201, body: made.inspection } : undefined)),
        );
        switch (result.kind) {
          case 'obligation-missing':
            throw badRequest(OBLIGATION_NOT_FOUND, { obligationId: OBLIGATION_NOT_FOUND });
          case 'user-missing':
            throw badRequest(USER_NOT_FOUND, { performedById: USER_NOT_FOUND });
          case 'id-taken':
            throw conflict('This inspection id is already used by an inspection of another obligation', { id: 'Already used' });
          case 'corrected-missing':
            throw badRequest('The corrected inspection must be one of this obligation’s', { correctsId: 'Not an inspection of this obligation' });
          case 'already-corrected':
            throw conflict('That inspection has already been corrected: correct the correction instead', { correctsId: 'Already corrected' });
          case 'readings-refused':
            throw badRequest(
              result.problems.map((problem) => problem.message).join('; '),
              Object.fromEntries(result.problems.map((problem) => [`readings.${problem.key}`, problem.message])),
            );
          case 'existing':
            // A retry of an inspection already recorded: the stored one, not a second.
            return reply.status(200).send(result.inspection);
          case 'created':
            return reply.status(201).send(result.inspection);
        }
      },
    );
  };
}
