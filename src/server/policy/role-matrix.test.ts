import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { users } from '../db/schema';
import { createTestApp, newUser, postJson, registerUser, signIn, type TestApp } from '../../../tests/setup/test-app';
import { png, requestUpload, uploadLocal } from '../../../tests/setup/media-fixtures';
import { importJob, settledImport, workbookOf, XLSX_TYPE } from '../../../tests/setup/import-fixtures';
import { DEFAULT_MATRIX, refusalReason, type Permission } from '../../shared/domain/permissions';
import { ROLES, type Role } from '../../shared/domain/roles';
import type { RoutePermission } from './route-permissions';

/**
 * Every role × every API route (ADR 024): each route is called as each role with a valid request,
 * and the answer must be what the default matrix says: refused (403, with the reason) where the
 * role's grant is `none`, or `own` and the record is someone else's; otherwise served. A route
 * without a request here fails the first test, so a new route cannot ship without its line (and
 * the app itself refuses to start when a route declares no permission).
 */

interface Call {
  request: InjectOptions;
  /** The record acted on was made by another user (an `own` grant does not reach it). */
  othersRecord?: true;
  /** What an allowed call answers when not 2xx (the S3 calls without S3 storage answer 400). */
  allowedStatus?: number;
}

type Users = Record<Role, { id: string; cookie: string; username: string; password: string }>;

let t: TestApp;
let as: Users;
/** An asset manager who makes the records the others act on. */
let owner: { id: string; cookie: string };
/** The last import job made, which may still be running. */
let lastImport: string | undefined;
const routes = new Map<string, RoutePermission | undefined>();

const json = (method: InjectOptions['method'], url: string, cookie: string, body?: unknown): InjectOptions => ({
  method,
  url,
  headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
  ...(body !== undefined && { payload: JSON.stringify(body) }),
});

async function created(res: LightMyRequestResponse | Promise<LightMyRequestResponse>): Promise<string> {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`fixture refused: ${r.statusCode} ${r.body}`);
  return r.json<{ id: string }>().id;
}

const make = {
  site: (cookie = owner.cookie) => created(postJson(t.app, '/api/locations', { name: `Site ${Math.random()}`, type: 'site' }, { cookie })),
  asset: async (cookie = owner.cookie) =>
    created(postJson(t.app, '/api/assets', { locationId: await make.site(), type: 'roof', condition: 'good' }, { cookie })),
  media: async (cookie = owner.cookie) => {
    const key = await uploadLocal(t.app, cookie, await png(), 'image/png');
    return created(postJson(t.app, '/api/media', { key, filename: 'roof.png', assetId: await make.asset() }, { cookie }));
  },
  action: () => created(postJson(t.app, '/api/actions', { title: 'Clear gutter', priority: 'medium' }, { cookie: owner.cookie })),
  meter: async () =>
    created(postJson(t.app, '/api/meters', { meterNumber: `M-${Math.random()}`, type: 'gas', unit: 'm³', locationId: await make.site() }, { cookie: owner.cookie })),
  obligation: async () =>
    created(postJson(t.app, '/api/obligations', { regimeId: await make.regime(), assetId: await make.asset() }, { cookie: owner.cookie })),
  regime: async () => (await t.app.inject(json('GET', '/api/compliance/regimes', owner.cookie))).json<Array<{ id: string }>>()[0]!.id,
  /** An active surveyor an admin can act on. */
  user: async () => (await registerUser(t.app)).user.id,
  pendingUser: async () => {
    const [row] = await t.db
      .insert(users)
      .values({ ...newUser(), passwordHash: 'not-used', status: 'pending', requestedRole: 'surveyor', role: 'surveyor', email: null })
      .returning({ id: users.id });
    return row!.id;
  },
  /** An import job (ADR 029), once the one before it has finished (one import runs at a time). */
  importJob: async (dryRun: boolean) => {
    if (lastImport) await settledImport(t.app, owner.cookie, lastImport);
    const asset = await make.asset();
    const { assetId } = (await t.app.inject(json('GET', `/api/assets/${asset}`, owner.cookie))).json<{ assetId: string }>();
    const job = await importJob(t.app, owner.cookie, [['Asset ID', 'Make'], [assetId, `Imported ${Math.random()}`]], dryRun);
    lastImport = job.id;
    return job.id;
  },
  invite: async () => {
    const res = await postJson(t.app, '/api/invites', { role: 'surveyor' }, { cookie: as.org_admin.cookie });
    const { invite, url } = res.json<{ invite: { id: string }; url: string }>();
    return { id: invite.id, token: new URL(url).hash.replace('#token=', '') };
  },
};

/** One valid call per route, as the given role. */
const CALLS: Record<string, (role: Role) => Promise<Call>> = {
  'GET /api/health': async () => ({ request: { method: 'GET', url: '/api/health' } }),
  'GET /api/openapi.json': async () => ({ request: { method: 'GET', url: '/api/openapi.json' } }),
  'GET /api/user': async (role) => ({ request: json('GET', '/api/user', as[role].cookie) }),
  'POST /api/login': async (role) => ({ request: json('POST', '/api/login', '', { username: as[role].username, password: as[role].password }) }),
  'POST /api/register': async (role) => ({ request: json('POST', '/api/register', '', newUser({ role })) }),
  // Its own session, so the role's cookie stays signed in for the calls after it.
  'POST /api/logout': async (role) => ({
    request: { method: 'POST', url: '/api/logout', headers: { cookie: await signIn(t.app, as[role].username, as[role].password) } },
  }),
  'GET /api/registration': async () => ({ request: { method: 'GET', url: '/api/registration' } }),
  'POST /api/password-reset': async (role) => {
    const reset = await t.app.inject({ method: 'POST', url: `/api/users/${await make.user()}/password-reset`, headers: { cookie: as.org_admin.cookie } });
    const token = new URL(reset.json<{ url: string }>().url).hash.replace('#token=', '');
    return { request: json('POST', '/api/password-reset', as[role].cookie, { token, password: 'a brand new passphrase' }) };
  },
  'POST /api/invites/lookup': async () => ({ request: json('POST', '/api/invites/lookup', '', { token: (await make.invite()).token }) }),
  'PATCH /api/account': async (role) => ({ request: json('PATCH', '/api/account', as[role].cookie, { fullName: `Matrix ${role}`, email: '' }) }),
  'GET /api/account/calendar-feed': async (role) => ({ request: json('GET', '/api/account/calendar-feed', as[role].cookie) }),
  'POST /api/account/calendar-feed': async (role) => ({ request: { method: 'POST', url: '/api/account/calendar-feed', headers: { cookie: as[role].cookie } } }),
  'DELETE /api/account/calendar-feed': async (role) => ({ request: json('DELETE', '/api/account/calendar-feed', as[role].cookie) }),
  'GET /api/account/email-digest': async (role) => ({ request: json('GET', '/api/account/email-digest', as[role].cookie) }),
  'PUT /api/account/email-digest': async (role) => ({ request: json('PUT', '/api/account/email-digest', as[role].cookie, { enabled: true }) }),
  // The feed itself is public: its token is the credential (a made-up one is not found).
  'GET /api/calendar/:file': async (role) => ({ request: json('GET', `/api/calendar/${'A'.repeat(43)}.ics`, as[role].cookie), allowedStatus: 404 }),
  'POST /api/account/password': async (role) => ({
    request: json('POST', '/api/account/password', as[role].cookie, { currentPassword: as[role].password, newPassword: as[role].password }),
  }),

  'GET /api/users': async (role) => ({ request: json('GET', '/api/users?status=active', as[role].cookie) }),
  'PATCH /api/users/:id': async (role) => ({ request: json('PATCH', `/api/users/${await make.user()}`, as[role].cookie, { role: 'area_manager' }) }),
  'POST /api/users/:id/approve': async (role) => ({
    request: json('POST', `/api/users/${await make.pendingUser()}/approve`, as[role].cookie, { role: 'surveyor' }),
  }),
  'POST /api/users/:id/reject': async (role) => ({
    request: { method: 'POST', url: `/api/users/${await make.pendingUser()}/reject`, headers: { cookie: as[role].cookie } },
  }),
  'POST /api/users/:id/password-reset': async (role) => ({
    request: { method: 'POST', url: `/api/users/${await make.user()}/password-reset`, headers: { cookie: as[role].cookie } },
  }),
  'GET /api/admin/audit': async (role) => ({ request: json('GET', '/api/admin/audit', as[role].cookie) }),
  'GET /api/invites': async (role) => ({ request: json('GET', '/api/invites', as[role].cookie) }),
  'POST /api/invites': async (role) => ({ request: json('POST', '/api/invites', as[role].cookie, { role: 'surveyor', email: '' }) }),
  'DELETE /api/invites/:id': async (role) => ({ request: json('DELETE', `/api/invites/${(await make.invite()).id}`, as[role].cookie) }),
  'GET /api/settings': async (role) => ({ request: json('GET', '/api/settings', as[role].cookie) }),
  'PATCH /api/settings': async (role) => ({ request: json('PATCH', '/api/settings', as[role].cookie, { registrationMode: 'open' }) }),
  'GET /api/backups': async (role) => ({ request: json('GET', '/api/backups', as[role].cookie) }),
  'PUT /api/backups/settings': async (role) => ({
    request: json('PUT', '/api/backups/settings', as[role].cookie, { enabled: false, frequency: 'daily', hour: 2, weekday: 7, keepDaily: 7, keepWeekly: 4 }),
  }),
  // Bodiless, as the spec's client sends it; the admin's backup runs in the background (closing the app stops it).
  'POST /api/backups': async (role) => ({ request: { method: 'POST', url: '/api/backups', headers: { cookie: as[role].cookie } } }),

  'GET /api/locations': async (role) => ({ request: json('GET', '/api/locations', as[role].cookie) }),
  'GET /api/locations/summary': async (role) => ({ request: json('GET', '/api/locations/summary', as[role].cookie) }),
  'GET /api/locations/tree': async (role) => ({ request: json('GET', `/api/locations/tree?parentId=${await make.site()}`, as[role].cookie) }),
  'POST /api/locations': async (role) => ({ request: json('POST', '/api/locations', as[role].cookie, { name: 'Matrix Site', type: 'site' }) }),
  'GET /api/locations/:id': async (role) => ({ request: json('GET', `/api/locations/${await make.site()}`, as[role].cookie) }),
  'PATCH /api/locations/:id': async (role) => ({
    request: json('PATCH', `/api/locations/${await make.site()}`, as[role].cookie, { name: 'Renamed Site' }),
    othersRecord: true,
  }),

  'GET /api/assets': async (role) => ({ request: json('GET', '/api/assets', as[role].cookie) }),
  'POST /api/assets': async (role) => ({
    request: json('POST', '/api/assets', as[role].cookie, { locationId: await make.site(), type: 'pc', condition: 'good' }),
  }),
  'GET /api/assets/:id': async (role) => ({ request: json('GET', `/api/assets/${await make.asset()}`, as[role].cookie) }),
  'PATCH /api/assets/:id': async (role) => ({
    request: json('PATCH', `/api/assets/${await make.asset()}`, as[role].cookie, { make: 'Sika' }),
    othersRecord: true,
  }),
  'DELETE /api/assets/:id': async (role) => ({ request: json('DELETE', `/api/assets/${await make.asset()}`, as[role].cookie) }),
  'GET /api/assets/:id/history': async (role) => ({ request: json('GET', `/api/assets/${await make.asset()}/history`, as[role].cookie) }),

  'GET /api/assessments': async (role) => ({ request: json('GET', `/api/assessments?assetId=${await make.asset()}`, as[role].cookie) }),
  'POST /api/assessments': async (role) => ({
    request: json('POST', '/api/assessments', as[role].cookie, { assetId: await make.asset(), condition: 'fair' }),
  }),

  'GET /api/actions': async (role) => ({ request: json('GET', '/api/actions', as[role].cookie) }),
  'GET /api/actions/:id': async (role) => ({ request: json('GET', `/api/actions/${await make.action()}`, as[role].cookie) }),
  'POST /api/actions': async (role) => ({ request: json('POST', '/api/actions', as[role].cookie, { title: 'Replace filter', priority: 'low' }) }),
  'PATCH /api/actions/:id': async (role) => ({ request: json('PATCH', `/api/actions/${await make.action()}`, as[role].cookie, { status: 'in_progress' }) }),

  'GET /api/media': async (role) => ({ request: json('GET', `/api/media?assetId=${await make.asset()}`, as[role].cookie) }),
  'POST /api/media': async (role) => {
    // Uploading is its own permission; the admin uploads when the role may not.
    const uploader = DEFAULT_MATRIX[role]['media.upload'] === 'none' ? as.org_admin : as[role];
    const key = await uploadLocal(t.app, uploader.cookie, await png(), 'image/png');
    return { request: json('POST', '/api/media', as[role].cookie, { key, filename: 'roof.png', assetId: await make.asset() }) };
  },
  'GET /api/media/:id/file': async (role) => ({ request: json('GET', `/api/media/${await make.media()}/file`, as[role].cookie) }),
  'GET /api/media/:id/thumbnail': async (role) => ({ request: json('GET', `/api/media/${await make.media()}/thumbnail`, as[role].cookie) }),
  'DELETE /api/media/:id': async (role) => ({ request: json('DELETE', `/api/media/${await make.media()}`, as[role].cookie), othersRecord: true }),

  'POST /api/objects/upload': async (role) => ({ request: { method: 'POST', url: '/api/objects/upload', headers: { cookie: as[role].cookie } } }),
  'PUT /api/objects/local/uploads/:id': async (role) => {
    const { uploadURL } = await requestUpload(t.app, as.org_admin.cookie, { contentType: 'image/png' });
    const url = new URL(uploadURL);
    return {
      request: { method: 'PUT', url: `${url.pathname}${url.search}`, headers: { cookie: as[role].cookie, 'content-type': 'image/png' }, payload: await png() },
      // The URL was issued to the admin: an allowed role is refused by the upload's own check instead.
      allowedStatus: role === 'org_admin' ? 200 : 403,
    };
  },
  'POST /api/s3/multipart': async (role) => ({
    request: json('POST', '/api/s3/multipart', as[role].cookie, { filename: 'a.png', type: 'image/png', metadata: {} }),
    allowedStatus: 400,
  }),
  'GET /api/s3/multipart/:uploadId': async (role) => ({ request: json('GET', '/api/s3/multipart/abc?key=uploads/x', as[role].cookie), allowedStatus: 400 }),
  'GET /api/s3/multipart/:uploadId/:partNumber': async (role) => ({
    request: json('GET', '/api/s3/multipart/abc/1?key=uploads/x', as[role].cookie),
    allowedStatus: 400,
  }),
  'POST /api/s3/multipart/:uploadId/complete': async (role) => ({
    request: json('POST', '/api/s3/multipart/abc/complete?key=uploads/x', as[role].cookie, { parts: [{ ETag: '"e"', PartNumber: 1 }] }),
    allowedStatus: 400,
  }),
  'DELETE /api/s3/multipart/:uploadId': async (role) => ({ request: json('DELETE', '/api/s3/multipart/abc?key=uploads/x', as[role].cookie), allowedStatus: 400 }),
  'GET /api/s3/params': async (role) => ({ request: json('GET', '/api/s3/params?filename=a.png&type=image/png', as[role].cookie), allowedStatus: 400 }),
  'GET /api/s3/sts': async (role) => ({ request: json('GET', '/api/s3/sts', as[role].cookie), allowedStatus: 404 }),

  'GET /api/meters': async (role) => ({ request: json('GET', '/api/meters', as[role].cookie) }),
  'POST /api/meters': async (role) => ({
    request: json('POST', '/api/meters', as[role].cookie, { meterNumber: `MX-${role}`, type: 'water', unit: 'm³', locationId: await make.site() }),
  }),
  'GET /api/meters/:id': async (role) => ({ request: json('GET', `/api/meters/${await make.meter()}`, as[role].cookie) }),
  'GET /api/meters/:id/readings': async (role) => ({ request: json('GET', `/api/meters/${await make.meter()}/readings`, as[role].cookie) }),
  'POST /api/meter-readings': async (role) => ({
    request: json('POST', '/api/meter-readings', as[role].cookie, { meterId: await make.meter(), reading: 12, readingDate: '2026-01-01T08:00:00Z' }),
  }),

  'GET /api/compliance/regimes': async (role) => ({ request: json('GET', '/api/compliance/regimes', as[role].cookie) }),
  'POST /api/compliance/regimes': async (role) => ({
    request: json('POST', '/api/compliance/regimes', as[role].cookie, { name: `Regime ${role} ${Math.random()}`, category: 'fire', interval: { count: 1, unit: 'year' } }),
  }),
  'PATCH /api/compliance/regimes/:id': async (role) => ({ request: json('PATCH', `/api/compliance/regimes/${await make.regime()}`, as[role].cookie, { notes: `Checked by ${role}` }) }),
  'GET /api/compliance/obligations': async (role) => ({ request: json('GET', '/api/compliance/obligations?status=overdue', as[role].cookie) }),
  'GET /api/compliance/summary': async (role) => ({ request: json('GET', `/api/compliance/summary?locationId=${await make.site()}`, as[role].cookie) }),
  'GET /api/obligations': async (role) => ({ request: json('GET', `/api/obligations?assetId=${await make.asset()}`, as[role].cookie) }),
  'POST /api/obligations': async (role) => ({
    request: json('POST', '/api/obligations', as[role].cookie, { regimeId: await make.regime(), locationId: await make.site() }),
  }),
  'POST /api/obligations/bulk': async (role) => ({
    request: json('POST', '/api/obligations/bulk', as[role].cookie, { regimeId: await make.regime(), locationId: await make.site() }),
  }),
  'GET /api/obligations/:id': async (role) => ({ request: json('GET', `/api/obligations/${await make.obligation()}`, as[role].cookie) }),
  'PATCH /api/obligations/:id': async (role) => ({
    request: json('PATCH', `/api/obligations/${await make.obligation()}`, as[role].cookie, { contractor: 'Sparks Ltd' }),
  }),
  'GET /api/obligations/:id/inspections': async (role) => ({ request: json('GET', `/api/obligations/${await make.obligation()}/inspections`, as[role].cookie) }),
  'POST /api/inspections': async (role) => ({
    request: json('POST', '/api/inspections', as[role].cookie, { obligationId: await make.obligation(), performedOn: '2026-01-05', result: 'pass' }),
  }),

  'GET /api/locations/:id/evidence-pack': async (role) => ({ request: json('GET', `/api/locations/${await make.site()}/evidence-pack`, as[role].cookie) }),
  'GET /api/locations/:id/evidence-pack/summary': async (role) => ({ request: json('GET', `/api/locations/${await make.site()}/evidence-pack/summary`, as[role].cookie) }),

  'GET /api/search': async (role) => ({ request: json('GET', '/api/search?q=roof', as[role].cookie) }),
  'GET /api/dashboard/stats': async (role) => ({ request: json('GET', '/api/dashboard/stats', as[role].cookie) }),
  'GET /api/labels.pdf': async (role) => {
    const asset = await created(postJson(t.app, '/api/assets', { locationId: await make.site(), type: 'roof', condition: 'good' }, { cookie: owner.cookie }));
    const { locationId } = (await t.app.inject(json('GET', `/api/assets/${asset}`, owner.cookie))).json<{ locationId: string }>();
    return { request: json('GET', `/api/labels.pdf?locationId=${locationId}`, as[role].cookie) };
  },
  'POST /api/labels.pdf': async (role) => {
    const asset = await created(postJson(t.app, '/api/assets', { locationId: await make.site(), type: 'roof', condition: 'good' }, { cookie: owner.cookie }));
    return { request: json('POST', '/api/labels.pdf', as[role].cookie, { assetIds: [asset] }) };
  },
  'GET /api/locations/:id/offline-copy': async (role) => ({ request: json('GET', `/api/locations/${await make.site()}/offline-copy`, as[role].cookie) }),
  'GET /api/scan': async (role) => ({ request: json('GET', '/api/scan?code=AST-000001', as[role].cookie) }),
  'POST /api/reports/export': async (role) => ({ request: json('POST', '/api/reports/export', as[role].cookie, { reportType: 'actions_list' }) }),
  'POST /api/imports': async (role) => {
    if (lastImport) await settledImport(t.app, owner.cookie, lastImport);
    const body = await workbookOf([['Make'], ['Daikin']]);
    return { request: { method: 'POST', url: '/api/imports?name=matrix.xlsx', headers: { cookie: as[role].cookie, 'content-type': XLSX_TYPE }, payload: body } };
  },
  'GET /api/imports/:id': async (role) => ({ request: json('GET', `/api/imports/${await make.importJob(false)}`, as[role].cookie) }),
  'POST /api/imports/:id/dry-run': async (role) => {
    const id = await make.importJob(false);
    return { request: json('POST', `/api/imports/${id}/dry-run`, as[role].cookie, { sheet: 'Assets', mapping: ['assetId', 'make'] }) };
  },
  'POST /api/imports/:id/commit': async (role) => ({ request: json('POST', `/api/imports/${await make.importJob(true)}/commit`, as[role].cookie, {}) }),
  'GET /api/imports/:id/errors.xlsx': async (role) => ({ request: json('GET', `/api/imports/${await make.importJob(true)}/errors.xlsx`, as[role].cookie) }),
  'GET /api/import-mappings': async (role) => ({ request: json('GET', '/api/import-mappings', as[role].cookie) }),
  'PUT /api/import-mappings': async (role) => ({
    request: json('PUT', '/api/import-mappings', as[role].cookie, { name: `Matrix ${role}`, mapping: { 'Asset No': 'clientAssetId' } }),
  }),
  'GET /api/reports/exports': async (role) => ({ request: json('GET', '/api/reports/exports', as[role].cookie) }),
  'GET /api/reports/exports/:id/download': async (role) => {
    // The role's own export (a download link is personal), made by the admin when the role may not export.
    const res = await postJson(t.app, '/api/reports/export', { reportType: 'meter_logs' }, { cookie: as[role].cookie });
    const link = res.statusCode === 201 ? res.json<{ downloadUrl: string }>().downloadUrl : '/api/reports/exports/00000000-0000-0000-0000-000000000000/download';
    return { request: json('GET', link, as[role].cookie), allowedStatus: res.statusCode === 201 ? undefined : 404 };
  },
};

/** What the default matrix decides for the role on this route: allowed, or refused with this grant. */
function decision(permission: RoutePermission, role: Role, call: Call): { allowed: true } | { allowed: false; permission: Permission } {
  if (permission === 'public' || permission === 'signed-in') return { allowed: true };
  const grant = DEFAULT_MATRIX[role][permission];
  const allowed = grant === 'any' || (grant === 'own' && !call.othersRecord);
  return allowed ? { allowed: true } : { allowed: false, permission };
}

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith('/api')) return;
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.set(`${method} ${route.url}`, route.config?.permission);
    },
  });
  const entries = await Promise.all(
    ROLES.map(async (role) => {
      const { input, user, cookie } = await registerUser(t.app, { role, fullName: `Matrix ${role}` });
      return [role, { id: user.id, cookie, username: input.username, password: input.password }] as const;
    }),
  );
  as = Object.fromEntries(entries) as Users;
  const managerRegistration = await registerUser(t.app, { role: 'asset_manager', fullName: 'Record Owner' });
  owner = { id: managerRegistration.user.id, cookie: managerRegistration.cookie };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the role × route matrix', () => {
  it('has a call for every API route, and every route declares a permission', () => {
    expect(routes.size).toBeGreaterThan(60);
    expect([...routes.keys()].filter((route) => !CALLS[route]), 'add these routes to CALLS').toEqual([]);
    expect(Object.keys(CALLS).filter((route) => !routes.has(route)), 'CALLS names routes that no longer exist').toEqual([]);
    expect([...routes].filter(([, permission]) => !permission).map(([route]) => route)).toEqual([]);
  });

  for (const role of ROLES) {
    it(`serves or refuses every route for ${role} exactly as the default matrix says`, async () => {
      const outcomes: string[] = [];
      for (const [route, permission] of routes) {
        const call = await CALLS[route]!(role);
        const res = await t.app.inject(call.request);
        const expected = decision(permission!, role, call);
        if (expected.allowed) {
          const ok = call.allowedStatus !== undefined ? res.statusCode === call.allowedStatus : res.statusCode < 300;
          if (!ok) outcomes.push(`${route}: expected ${call.allowedStatus ?? '2xx'}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
        } else {
          const grant = DEFAULT_MATRIX[role][expected.permission];
          if (res.statusCode !== 403 || res.json<{ message: string }>().message !== refusalReason(expected.permission, grant)) {
            outcomes.push(`${route}: expected 403 (${expected.permission} is ${grant}), got ${res.statusCode} ${res.body.slice(0, 160)}`);
          }
        }
      }
      expect(outcomes).toEqual([]);
    }, 120_000);
  }

  it('lets a role with an own-records grant edit and delete what it created', async () => {
    const surveyor = as.surveyor.cookie;
    const site = await make.site(surveyor);
    const asset = await created(postJson(t.app, '/api/assets', { locationId: site, type: 'roof', condition: 'good' }, { cookie: surveyor }));
    const media = await make.media(surveyor);
    expect((await t.app.inject(json('PATCH', `/api/locations/${site}`, surveyor, { name: 'My Site' }))).statusCode).toBe(200);
    expect((await t.app.inject(json('PATCH', `/api/assets/${asset}`, surveyor, { make: 'Mine' }))).statusCode).toBe(200);
    expect((await t.app.inject(json('DELETE', `/api/media/${media}`, surveyor))).statusCode).toBe(204);
    // Still no deleting of assets, even their own.
    expect((await t.app.inject(json('DELETE', `/api/assets/${asset}`, surveyor))).statusCode).toBe(403);
  });

  it('answers a missing record with 404 whatever the grant', async () => {
    const missing = '00000000-0000-0000-0000-000000000001';
    expect((await t.app.inject(json('PATCH', `/api/assets/${missing}`, as.surveyor.cookie, { make: 'x' }))).statusCode).toBe(404);
    expect((await t.app.inject(json('DELETE', `/api/media/${missing}`, as.area_manager.cookie))).statusCode).toBe(404);
  });

  it('tells the client what each role may do, as the server decides it', async () => {
    for (const role of ROLES) {
      const me = await t.app.inject(json('GET', '/api/user', as[role].cookie));
      expect(me.json<{ permissions: unknown }>().permissions).toEqual(DEFAULT_MATRIX[role]);
    }
  });

  it('refuses to start an app with a route that declares no permission', async () => {
    const other = await createTestApp();
    try {
      expect(() => other.app.get('/api/undecided', async () => ({}))).toThrow(/GET \/api\/undecided declares no permission/);
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});
