import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { createRegimeSchema, DUE_SOON_TOO_LONG_MESSAGE, regimeSchema, updateRegimeSchema } from '../../../shared/contract/compliance';
import { idParams } from '../../../shared/contract/common';
import { ORGANISATION_TIME_ZONE_DEFAULT, todayIn } from '../../../shared/domain/compliance/calendar-date';
import { isUuid } from '../../db/keyset';
import { badRequest, conflict, notFound } from '../../http-errors';
import { advanceComplianceCalendar } from './compliance-calendar';
import { regimesRepo, type RegimeWriteResult } from './regimes.repo';

const REGIME_NOT_FOUND = 'Regime not found';

/** The answer to a write that did not save, as the error the client shows beside the field. */
function refusal(result: Exclude<RegimeWriteResult, { kind: 'saved' }>): Error {
  switch (result.kind) {
    case 'missing':
      return notFound(REGIME_NOT_FOUND);
    case 'name-taken': {
      const message = `A regime named "${result.name}" exists already`;
      return conflict(message, { name: message });
    }
    case 'window-too-long':
      return badRequest(DUE_SOON_TOO_LONG_MESSAGE, { dueSoonDays: DUE_SOON_TOO_LONG_MESSAGE });
  }
}

/**
 * GET/POST /api/compliance/regimes, PATCH /api/compliance/regimes/{id} (ADR 025): the organisation's
 * catalogue, the same for every area. Adding and changing regimes is `regime.manage` (org admins):
 * an interval sets the due date of every obligation under it. Each change goes into the audit trail
 * of administrative changes.
 */
export function regimesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const regimes = regimesRepo(ctx.db);
    const today = () => todayIn(ORGANISATION_TIME_ZONE_DEFAULT, ctx.now());

    app.get(
      '/api/compliance/regimes',
      { config: { permission: 'register.read', area: 'unplaced' }, schema: { response: { 200: z.array(regimeSchema) } } },
      async () => regimes.list(),
    );

    app.post(
      '/api/compliance/regimes',
      { config: { permission: 'regime.manage', area: 'unplaced' }, schema: { body: createRegimeSchema, response: { 201: regimeSchema } } },
      async (request, reply) => {
        const result = await regimes.create(request.body, request.user!.id);
        if (result.kind !== 'saved') throw refusal(result);
        return reply.status(201).send(result.regime);
      },
    );

    app.patch(
      '/api/compliance/regimes/:id',
      { config: { permission: 'regime.manage', area: 'unplaced' }, schema: { params: idParams, body: updateRegimeSchema, response: { 200: regimeSchema } } },
      async (request) => {
        if (!isUuid(request.params.id)) throw notFound(REGIME_NOT_FOUND);
        const result = await regimes.update(request.params.id, request.body, today(), request.user!.id);
        if (result.kind !== 'saved') throw refusal(result);
        // Reads show the new dates at once; storing them (and so the counts) need not hold up the answer.
        if (result.datesMoved) {
          void advanceComplianceCalendar(ctx.db, today()).catch((err: unknown) => request.log.error({ err }, 'compliance calendar after a regime change failed'));
        }
        return result.regime;
      },
    );
  };
}
