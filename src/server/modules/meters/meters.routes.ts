import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { createMeterSchema, createReadingSchema, listMetersQuery, listReadingsQuery, meterSchema, readingSchema } from '../../../shared/contract/meters';
import { idParams, NEXT_CURSOR_HEADER } from '../../../shared/contract/common';
import { isUuid } from '../../db/keyset';
import { badRequest, conflict, notFound } from '../../http-errors';
import { metersRepo } from './meters.repo';

/** GET/POST /api/meters, GET /api/meters/{id}, GET /api/meters/{id}/readings, POST /api/meter-readings. */
export function metersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const repo = metersRepo(ctx.db);

    app.get(
      '/api/meters',
      { config: { permission: 'register.read', area: { query: { locationId: 'location' } } }, schema: { querystring: listMetersQuery, response: { 200: z.array(meterSchema) } } },
      async (request) => repo.list(request.areaRoots, request.query.locationId),
    );

    app.post('/api/meters', { config: { permission: 'meter.create', idempotent: true, area: { body: { locationId: 'location' }, create: true } }, schema: { body: createMeterSchema, response: { 201: meterSchema } } }, async (request, reply) => {
      const result = await repo.create(request.body, request.user!.id, reply.keepAnswer((made) => (made.kind === 'created' ? { statusCode: 201, body: made.meter } : undefined)));
      if (result.kind === 'location-missing') throw badRequest('Location not found', { locationId: 'Location not found' });
      if (result.kind === 'number-taken') throw conflict(result.message, { meterNumber: result.message });
      return reply.status(201).send(result.meter);
    });

    app.get('/api/meters/:id', { config: { permission: 'register.read', area: { params: { id: 'meter' } } }, schema: { params: idParams, response: { 200: meterSchema } } }, async (request) => {
      const meter = isUuid(request.params.id) ? await repo.get(request.params.id) : undefined;
      if (!meter) throw notFound('Meter not found');
      return meter;
    });

    app.get(
      '/api/meters/:id/readings',
      { config: { permission: 'register.read', area: { params: { id: 'meter' } } }, schema: { params: idParams, querystring: listReadingsQuery, response: { 200: z.array(readingSchema) } } },
      async (request, reply) => {
        const page = isUuid(request.params.id) ? await repo.readings(request.params.id, request.query.limit, request.query.cursor) : undefined;
        if (!page) throw notFound('Meter not found');
        if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        return page.items;
      },
    );

    app.post('/api/meter-readings', { config: { permission: 'reading.create', idempotent: true, area: { body: { meterId: 'meter' }, create: true } }, schema: { body: createReadingSchema, response: { 201: readingSchema } } }, async (request, reply) => {
      const result = await repo.addReading(request.body, request.user!, reply.keepAnswer((made) => (made.kind === 'recorded' ? { statusCode: 201, body: made.reading } : undefined)));
      if (result.kind === 'meter-missing') throw badRequest('Meter not found', { meterId: 'Meter not found' });
      if (result.kind === 'refused') throw badRequest(result.message, { reading: result.message });
      return reply.status(201).send(result.reading);
    });
  };
}
