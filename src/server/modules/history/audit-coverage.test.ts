import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, gt, inArray, isNull, max } from 'drizzle-orm';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { auditLog } from '../../db/schema';
import { createTestApp, postJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { png, uploadLocal } from '../../../../tests/setup/media-fixtures';
import { importJob, settledImport } from '../../../../tests/setup/import-fixtures';
import type { User } from '../../../shared/contract/auth';
import { AUDITED_TABLE_NAMES } from './audited-tables';

/**
 * Every state-changing route in the route table is classified: either it writes the register (and
 * must leave audit rows naming the signed-in user), or it touches no audited table. A route added
 * later fails this test until it is placed in one list or the other.
 */

/**
 * Routes whose writes go to tables the register's history does not follow: sessions, uploads in
 * storage, exports, and the administrative tables (users, invites, settings, regimes), whose changes have a
 * trail of their own (db/sql/admin-audit.sql, tested in modules/users/users.test.ts).
 */
const NOT_AUDITED = new Set([
  'POST /api/login',
  'POST /api/register',
  'POST /api/password-reset',
  'PATCH /api/account',
  'POST /api/account/calendar-feed',
  'DELETE /api/account/calendar-feed',
  'PUT /api/account/email-digest',
  'POST /api/account/password',
  'PATCH /api/users/:id',
  'POST /api/users/:id/approve',
  'POST /api/users/:id/reject',
  'POST /api/users/:id/password-reset',
  'POST /api/invites',
  'DELETE /api/invites/:id',
  'POST /api/invites/lookup',
  'PATCH /api/settings',
  'PUT /api/backups/settings',
  'POST /api/backups',
  'POST /api/compliance/regimes',
  'PATCH /api/compliance/regimes/:id',
  'POST /api/logout',
  'POST /api/objects/upload',
  'PUT /api/objects/local/uploads/:id',
  'POST /api/s3/multipart',
  'POST /api/s3/multipart/:uploadId/complete',
  'DELETE /api/s3/multipart/:uploadId',
  'POST /api/reports/export',
  // Reads, sent as a POST for the length of its body (up to 500 asset ids): it writes nothing.
  'POST /api/labels.pdf',
  // An import's upload and dry run write only its job record; its saved mappings are settings (ADR 029).
  'POST /api/imports',
  'POST /api/imports/:id/dry-run',
  'PUT /api/import-mappings',
]);

let t: TestApp;
let cookie: string;
let user: User;
const writeRoutes: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) writeRoutes.push(`${method} ${route.url}`);
      }
    },
  });
  // Someone other than the first registered user, so a fallback to "some user" could not pass.
  await registerUser(t.app);
  ({ cookie, user } = await registerUser(t.app, { fullName: 'Coverage Carol', role: 'asset_manager' }));
});
afterAll(async () => {
  await t?.close();
});

const send = (method: 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
const post = (url: string, body: unknown) => postJson(t.app, url, body, { cookie });

/** Ids made by earlier steps, for later ones. */
const made: Record<string, string> = {};
const remember = (name: string) => (res: LightMyRequestResponse) => {
  made[name] = res.json<{ id: string }>().id;
  return res;
};

/** One valid request per audited route, in an order where each finds what it needs. */
const AUDITED_STEPS: Array<[route: string, run: () => Promise<LightMyRequestResponse>]> = [
  ['POST /api/locations', () => post('/api/locations', { name: 'Coverage Site', type: 'site' }).then(remember('site'))],
  ['PATCH /api/locations/:id', () => send('PATCH', `/api/locations/${made.site}`, { name: 'Coverage Site 2' })],
  ['POST /api/assets', () => post('/api/assets', { locationId: made.site, type: 'roof', condition: 'good' }).then(remember('asset'))],
  ['PATCH /api/assets/:id', () => send('PATCH', `/api/assets/${made.asset}`, { make: 'Sika' })],
  [
    'POST /api/assessments',
    () => post('/api/assessments', { assetId: made.asset, condition: 'poor', defects: [{ description: 'Blister', severity: 'medium' }] }),
  ],
  ['POST /api/actions', () => post('/api/actions', { title: 'Patch roof', priority: 'high', assetId: made.asset }).then(remember('action'))],
  ['PATCH /api/actions/:id', () => send('PATCH', `/api/actions/${made.action}`, { status: 'in_progress' })],
  [
    'POST /api/media',
    async () => {
      const key = await uploadLocal(t.app, cookie, await png(), 'image/png');
      return post('/api/media', { key, filename: 'roof.png', assetId: made.asset }).then(remember('media'));
    },
  ],
  ['DELETE /api/media/:id', () => send('DELETE', `/api/media/${made.media}`)],
  ['POST /api/meters', () => post('/api/meters', { meterNumber: 'COV-1', type: 'gas', unit: 'm³', locationId: made.site }).then(remember('meter'))],
  ['POST /api/meter-readings', () => post('/api/meter-readings', { meterId: made.meter, reading: 42, readingDate: '2026-01-01T08:00:00Z' })],
  [
    'POST /api/obligations',
    async () => {
      const [regime] = (await t.app.inject({ method: 'GET', url: '/api/compliance/regimes', headers: { cookie } })).json<Array<{ id: string }>>();
      return post('/api/obligations', { regimeId: regime!.id, assetId: made.asset }).then(remember('obligation'));
    },
  ],
  [
    'POST /api/obligations/bulk',
    async () => {
      const regimes = (await t.app.inject({ method: 'GET', url: '/api/compliance/regimes', headers: { cookie } })).json<Array<{ id: string; key: string }>>();
      return post('/api/obligations/bulk', { regimeId: regimes.find((r) => r.key === 'fire_risk_assessment')!.id, locationId: made.site });
    },
  ],
  ['PATCH /api/obligations/:id', () => send('PATCH', `/api/obligations/${made.obligation}`, { contractor: 'Sparks Ltd' })],
  ['POST /api/inspections', () => post('/api/inspections', { obligationId: made.obligation, performedOn: '2026-01-05', result: 'pass' })],
  [
    // The commit runs in the background (ADR 029): the step answers the job once it has committed.
    'POST /api/imports/:id/commit',
    async () => {
      const { assetId } = (await t.app.inject({ method: 'GET', url: `/api/assets/${made.asset}`, headers: { cookie } })).json<{ assetId: string }>();
      const job = await importJob(t.app, cookie, [['Asset ID', 'Make'], [assetId, 'Imported make']]);
      const res = await post(`/api/imports/${job.id}/commit`, {});
      if (res.statusCode !== 202) return res;
      const done = await settledImport(t.app, cookie, job.id);
      return done.json<{ status: string }>().status === 'committed' ? done : res;
    },
  ],
  ['DELETE /api/assets/:id', () => send('DELETE', `/api/assets/${made.asset}`)],
];

describe('audit coverage of the route table', () => {
  it('classifies every state-changing route as audited or not', () => {
    expect(writeRoutes.length).toBeGreaterThan(10);
    const audited = new Set(AUDITED_STEPS.map(([route]) => route));
    const unclassified = writeRoutes.filter((route) => !audited.has(route) && !NOT_AUDITED.has(route));
    expect(unclassified, 'add these routes to AUDITED_STEPS or NOT_AUDITED').toEqual([]);
    // Both lists name only routes that exist, so a renamed route cannot slip out of the check.
    expect([...audited, ...NOT_AUDITED].filter((route) => !writeRoutes.includes(route))).toEqual([]);
  });

  it('leaves audit rows naming the signed-in user for every audited route', async () => {
    const entitiesSeen = new Set<string>();
    for (const [route, run] of AUDITED_STEPS) {
      const [{ last } = { last: null }] = await t.db.select({ last: max(auditLog.id) }).from(auditLog);
      const res = await run();
      expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(300);
      const rows = await t.db.select().from(auditLog).where(gt(auditLog.id, last ?? 0)).orderBy(asc(auditLog.id));
      expect(rows.length, route).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.actorId, `${route} → ${row.entity} ${row.operation}`).toBe(user.id);
        entitiesSeen.add(row.entity);
      }
    }
    // Every audited table the resources declare was written through the API at least once above.
    expect([...entitiesSeen].sort()).toEqual([...AUDITED_TABLE_NAMES].sort());
    // (The organisation's settings row, made at the first start, is the system's: the admin trail's.)
    const [anonymous] = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(isNull(auditLog.actorId), inArray(auditLog.entity, [...AUDITED_TABLE_NAMES])));
    expect(anonymous!.n).toBe(0);
  });
});
