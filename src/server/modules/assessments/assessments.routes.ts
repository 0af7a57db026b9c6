import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assessmentSchema, createAssessmentSchema, listAssessmentsQuery } from '../../../shared/contract/assessments';
import { badRequest, conflict } from '../../http-errors';
import type { AppContext } from '../../app-context';
import { assessmentsRepo } from './assessments.repo';

/** GET /api/assessments?assetId= and POST /api/assessments (spec §7; docs/decisions/004). */
export function assessmentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const repo = assessmentsRepo(ctx.db);

    app.get(
      '/api/assessments',
      { config: { permission: 'register.read', area: { query: { assetId: 'asset' } } }, schema: { querystring: listAssessmentsQuery, response: { 200: z.array(assessmentSchema) } } },
      async (request) => repo.listForAsset(request.query.assetId),
    );

    app.post(
      '/api/assessments',
      { config: { permission: 'assessment.create', idempotent: true, area: { body: { assetId: 'asset' }, create: true } }, schema: { body: createAssessmentSchema, response: { 200: assessmentSchema, 201: assessmentSchema } } },
      async (request, reply) => {
        const body = request.body;
        const result = await repo.record(
          {
            assetId: body.assetId,
            condition: body.condition,
            conditionNotes: body.conditionNotes,
            // The assessor is whoever is signed in, whatever the body says (SEC-AC-2).
            assessedBy: request.user!.id,
            assessedAt: body.assessedAt ? new Date(body.assessedAt) : ctx.now(),
            assessmentId: body.assessmentId,
            defects: body.defects,
          },
          ctx.now(),
          // A retry found by its assessmentId ('existing') wrote nothing: its answer is kept as it is sent.
          reply.keepAnswer(async (made, tx) => (made.outcome === 'created' ? { statusCode: 201, body: await repo.findById(made.id, tx) } : undefined)),
        );

        switch (result.outcome) {
          case 'asset_not_found':
            throw badRequest('Asset not found', { assetId: 'Asset not found' });
          case 'id_used_by_other_asset': {
            const message = `Assessment id ${body.assessmentId} is already used by an assessment of another asset`;
            throw conflict(message, { assessmentId: message });
          }
          case 'created':
          case 'existing': {
            const assessment = await repo.findById(result.id);
            // A retry of an assessment already recorded answers 200 with the stored one, not a second row.
            return reply.status(result.outcome === 'created' ? 201 : 200).send(assessment!);
          }
        }
      },
    );
  };
}
