import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { actions } from '../../db/schema';
import { z } from 'zod';
import { actionSchema, type Action } from '../../../shared/contract/actions';
import type { Assessment } from '../../../shared/contract/assessments';
import { NEXT_CURSOR_HEADER } from '../../../shared/contract/common';
import { createTestApp, getJson, HOUR, postJson, registerUser, signIn, type NewUserInput, type TestApp } from '../../../../tests/setup/test-app';
import { insertAsset, type AssetRow } from '../../../../tests/factories/register';

let t: TestApp;
let cookie: string;
let me: NewUserInput;
let userId: string;
let otherUserId: string;

beforeAll(async () => {
  t = await createTestApp();
  const registered = await registerUser(t.app);
  ({ cookie, input: me } = registered);
  userId = registered.user.id;
  otherUserId = (await registerUser(t.app)).user.id;
});
afterAll(async () => {
  await t?.close();
});

const create = (body: Record<string, unknown>) => postJson(t.app, '/api/actions', { priority: 'medium', ...body }, { cookie });
const createOk = async (body: Record<string, unknown>) => {
  const res = await create(body);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json<Action>();
};
const patch = (id: string, body: unknown, app: FastifyInstance = t.app) =>
  app.inject({ method: 'PATCH', url: `/api/actions/${id}`, headers: { 'content-type': 'application/json', cookie }, payload: JSON.stringify(body) });
const list = (query: string) => getJson(t.app, `/api/actions?${query}`, cookie);
/** Moves the test clock on, signing in again since the session would have expired meanwhile. */
const advanceClock = async (ms: number) => {
  t.clock.advance(ms);
  cookie = await signIn(t.app, me.username, me.password);
};
const today = () => t.clock.now().toISOString().slice(0, 10);
const assessmentOf = async (asset: AssetRow) =>
  (await postJson(t.app, '/api/assessments', { assetId: asset.id, condition: 'poor' }, { cookie })).json<Assessment>();

describe('POST /api/actions', () => {
  it('creates an action with the defaults, a generated code and the session user as creator', async () => {
    const res = await create({ title: '  Replace closer  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json<Action>();
    expect(body).toMatchObject({
      title: 'Replace closer',
      category: 'maintenance',
      priority: 'medium',
      status: 'open',
      assetId: null,
      assetCode: null,
      assessmentId: null,
      completedDate: null,
      createdBy: userId,
    });
    expect(body.actionId).toMatch(/^ACT-\d{6}$/);
    expect((await getJson(t.app, `/api/actions/${body.id}`, cookie)).json()).toEqual(body);
  });

  it("answers the spec's messages for a missing title or priority", async () => {
    const res = await postJson(t.app, '/api/actions', { title: ' ' }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ title: 'Title is required', priority: 'Priority is required' });
  });

  it('links an asset and shows its code', async () => {
    const asset = await insertAsset(t.db, userId);
    const body = await createOk({ title: 'Service', assetId: asset.id });
    expect(body).toMatchObject({ assetId: asset.id, assetCode: asset.assetId });
  });

  it('refuses an unknown asset or assessment with 400', async () => {
    const noAsset = await create({ title: 'x', assetId: crypto.randomUUID() });
    expect(noAsset.statusCode).toBe(400);
    expect(noAsset.json()).toMatchObject({ message: 'Asset not found', errors: { assetId: 'Asset not found' } });

    const noAssessment = await create({ title: 'x', assessmentId: crypto.randomUUID() });
    expect(noAssessment.statusCode).toBe(400);
    expect(noAssessment.json().message).toBe('Assessment not found');

    expect((await create({ title: 'x', assetId: 'nope' })).statusCode).toBe(400);
  });

  it("refuses an assessment of another asset, and links an assessment's asset when only the assessment is given", async () => {
    const [a, b] = [await insertAsset(t.db, userId), await insertAsset(t.db, userId)];
    const assessment = await assessmentOf(a);

    const mismatched = await create({ title: 'x', assetId: b.id, assessmentId: assessment.id });
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json().message).toBe('The assessment belongs to another asset');

    const matched = await createOk({ title: 'x', assetId: a.id, assessmentId: assessment.id });
    expect(matched).toMatchObject({ assetId: a.id, assessmentId: assessment.id, assetCode: a.assetId });
    const inferred = await createOk({ title: 'x', assessmentId: assessment.id });
    expect(inferred).toMatchObject({ assetId: a.id, assessmentId: assessment.id, assetCode: a.assetId });
  });

  it('gives 20 concurrent creates 20 distinct codes', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => create({ title: `Concurrent ${i}` })));
    expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    const codes = responses.map((r) => r.json<Action>().actionId);
    expect(new Set(codes).size).toBe(20);
    expect(codes.every((c) => /^ACT-\d{6}$/.test(c))).toBe(true);
  });

  it('ignores a spoofed creator and generated fields in the body', async () => {
    const spoofedId = crypto.randomUUID();
    const body = await createOk({ title: 'Spoof', createdBy: otherUserId, id: spoofedId, actionId: 'ACT-999999', createdAt: '2000-01-01T00:00:00Z' });
    expect(body.createdBy).toBe(userId);
    expect(body.id).not.toBe(spoofedId);
    expect(body.actionId).not.toBe('ACT-999999');
    const [row] = await t.db.select().from(actions).where(eq(actions.id, body.id));
    expect(row!.createdBy).toBe(userId);
    expect(row!.createdAt.getFullYear()).toBeGreaterThan(2000);
  });

  it('sets completedDate to today when created done without one, and keeps a given one', async () => {
    expect((await createOk({ title: 'Done', status: 'completed' })).completedDate).toBe(today());
    expect((await createOk({ title: 'Done', status: 'closed', completedDate: '2026-01-15' })).completedDate).toBe('2026-01-15');
  });

  it('answers 401 without a session', async () => {
    const res = await postJson(t.app, '/api/actions', { title: 'x', priority: 'low' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/actions', () => {
  let asset: AssetRow;
  const marker = `flt${crypto.randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    asset = await insertAsset(t.db, userId);
    const specs: Array<[string, string, string]> = [
      ['open', 'high', `${marker} alpha`],
      ['open', 'low', `${marker} beta`],
      ['completed', 'high', `${marker} gamma 100% done`],
      ['in_progress', 'critical', `${marker} delta under_score`],
      ['open', 'high', `${marker} epsilon`],
      ['waiting', 'medium', `${marker} zeta`],
      ['open', 'medium', `${marker} eta`],
    ];
    for (const [status, priority, title] of specs) {
      await createOk({ title, status, priority, assetId: asset.id });
      // Creation times are kept to the millisecond: keep them distinct so the expected order is certain.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
  });

  const titles = (res: { json: () => unknown }) => (res.json() as Action[]).map((a) => a.title.replace(`${marker} `, ''));

  it('filters by status, by priority and by both', async () => {
    expect(titles(await list(`assetId=${asset.id}&status=open`))).toEqual(['eta', 'epsilon', 'beta', 'alpha']);
    expect(titles(await list(`assetId=${asset.id}&priority=high`))).toEqual(['epsilon', 'gamma 100% done', 'alpha']);
    expect(titles(await list(`assetId=${asset.id}&status=open&priority=high`))).toEqual(['epsilon', 'alpha']);
    expect(titles(await list(`assetId=${asset.id}&status=all&priority=`))).toHaveLength(7);
  });

  it('answers each action in the contract shape with the same values as its detail, with or without a search', async () => {
    // PostgreSQL writes the list's objects (db/json-rows.ts); the detail goes through actionSchema.
    const full = await createOk({
      title: `${marker} Ünïcode "quoted" \\ tab\there ✓`,
      description: '<script>&</script>\n2nd line',
      category: 'compliance',
      assignee: 'Pat Engineer',
      targetDate: '2027-02-28',
      status: 'completed',
      completedDate: '2026-11-01',
      assetId: asset.id,
    });
    const bare = await createOk({ title: `${marker} bare` });
    for (const query of [`search=${marker}`, 'limit=200']) {
      const res = await list(query);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const items = z.array(actionSchema.strict()).parse(res.json());
      for (const action of [full, bare]) {
        const detail = (await getJson(t.app, `/api/actions/${action.id}`, cookie)).json<Action>();
        expect(items.find((a) => a.id === action.id), query).toEqual(detail);
      }
    }
    await t.db.delete(actions).where(eq(actions.id, full.id));
    await t.db.delete(actions).where(eq(actions.id, bare.id));
  });

  it('filters by asset and shows asset codes', async () => {
    const res = await list(`assetId=${asset.id}`);
    const rows = res.json<Action[]>();
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => r.assetCode === asset.assetId)).toBe(true);
    expect((await list(`assetId=${crypto.randomUUID()}`)).json()).toEqual([]);
  });

  it('searches case-insensitively with % and _ taken literally', async () => {
    expect(titles(await list(`search=${marker.toUpperCase()}%20GAMMA`))).toEqual(['gamma 100% done']);
    expect(titles(await list(`search=${encodeURIComponent('100%')}&assetId=${asset.id}`))).toEqual(['gamma 100% done']);
    expect(titles(await list(`search=${encodeURIComponent('%')}&assetId=${asset.id}`))).toEqual(['gamma 100% done']);
    expect(titles(await list(`search=under_score&assetId=${asset.id}`))).toEqual(['delta under_score']);
    expect(titles(await list(`search=under_&assetId=${asset.id}`))).toEqual(['delta under_score']);
    expect(titles(await list(`search=${encodeURIComponent('a_p')}&assetId=${asset.id}`))).toEqual([]);
  });

  it('pages 3 + 3 + 1 newest first without repeats, with x-next-cursor until the last page', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    for (let page = 0; page < 4; page++) {
      const res = await list(`assetId=${asset.id}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      sizes.push(res.json<Action[]>().length);
      seen.push(...titles(res));
      cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
      if (!cursor) break;
    }
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen).toEqual(['eta', 'zeta', 'epsilon', 'delta under_score', 'gamma 100% done', 'beta', 'alpha']);
  });

  it('clamps limit at 200 and refuses a bad cursor', async () => {
    for (let i = 0; i < 200; i += 20) await Promise.all(Array.from({ length: 20 }, (_, j) => create({ title: `Bulk ${i + j}` })));
    const res = await list('limit=1000000');
    expect(res.statusCode).toBe(200);
    expect(res.json<Action[]>()).toHaveLength(200);
    expect(res.headers[NEXT_CURSOR_HEADER]).toBeTruthy();

    expect((await list('cursor=garbage')).statusCode).toBe(400);
    expect((await list('status=nonsense')).statusCode).toBe(400);
  });

  it('reads asset codes from the actions themselves: one page costs the same queries whatever its size', async () => {
    const queriesToList = async (query: string) => {
      const spy = vi.spyOn(t.database.pool, 'query');
      try {
        expect((await list(query)).statusCode).toBe(200);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    expect(await queriesToList(`assetId=${asset.id}&limit=7`)).toBe(await queriesToList(`assetId=${asset.id}&limit=1`));
  });

  it('answers 401 without a session', async () => {
    expect((await getJson(t.app, '/api/actions')).statusCode).toBe(401);
  });
});

describe('GET /api/actions/{id}', () => {
  it('answers 404 for an unknown or malformed id', async () => {
    expect((await getJson(t.app, `/api/actions/${crypto.randomUUID()}`, cookie)).statusCode).toBe(404);
    const malformed = await getJson(t.app, '/api/actions/not-a-uuid', cookie);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ message: 'Action not found' });
  });

  it('answers 401 without a session', async () => {
    expect((await getJson(t.app, `/api/actions/${crypto.randomUUID()}`)).statusCode).toBe(401);
  });
});

describe('PATCH /api/actions/{id}', () => {
  it('changes only what the body mentions and moves updatedAt', async () => {
    const action = await createOk({ title: 'Original', category: 'repair', priority: 'high', assignee: 'Jo' });
    await advanceClock(HOUR);
    const res = await patch(action.id, { title: 'Renamed' });
    expect(res.statusCode).toBe(200);
    const body = res.json<Action>();
    expect(body).toMatchObject({ title: 'Renamed', category: 'repair', priority: 'high', status: 'open', assignee: 'Jo' });
    expect(body.updatedAt).toBe(t.clock.now().toISOString());
    expect(body.createdAt).toBe(action.createdAt);
    expect(body.actionId).toBe(action.actionId);
  });

  it('sets completedDate to today on completion and clears it on reopening', async () => {
    const action = await createOk({ title: 'Fix leak' });
    await advanceClock(24 * HOUR);

    const completed = (await patch(action.id, { status: 'completed' })).json<Action>();
    expect(completed).toMatchObject({ status: 'completed', completedDate: today() });

    // completed → verified stays done: the date is kept even on a later day.
    const completedOn = today();
    await advanceClock(24 * HOUR);
    expect((await patch(action.id, { status: 'verified' })).json<Action>().completedDate).toBe(completedOn);

    const reopened = (await patch(action.id, { status: 'open' })).json<Action>();
    expect(reopened).toMatchObject({ status: 'open', completedDate: null });
  });

  it('keeps an explicit completedDate on completion and on reopening', async () => {
    const action = await createOk({ title: 'Fix gutter' });
    expect((await patch(action.id, { status: 'closed', completedDate: '2026-02-03' })).json<Action>().completedDate).toBe('2026-02-03');
    expect((await patch(action.id, { status: 'in_progress', completedDate: '2026-02-04' })).json<Action>()).toMatchObject({
      status: 'in_progress',
      completedDate: '2026-02-04',
    });
  });

  it('validates like create: empty title, unknown asset, assessment of another asset', async () => {
    const [a, b] = [await insertAsset(t.db, userId), await insertAsset(t.db, userId)];
    const action = await createOk({ title: 'Linked', assetId: a.id });

    const noTitle = await patch(action.id, { title: '' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().errors.title).toBe('Title is required');

    expect((await patch(action.id, { assetId: crypto.randomUUID() })).statusCode).toBe(400);
    const assessmentOfB = await assessmentOf(b);
    const mismatched = await patch(action.id, { assessmentId: assessmentOfB.id });
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json().message).toBe('The assessment belongs to another asset');

    const moved = (await patch(action.id, { assetId: b.id, assessmentId: assessmentOfB.id })).json<Action>();
    expect(moved).toMatchObject({ assetId: b.id, assetCode: b.assetId, assessmentId: assessmentOfB.id });
    const unlinked = (await patch(action.id, { assetId: null, assessmentId: '' })).json<Action>();
    expect(unlinked).toMatchObject({ assetId: null, assetCode: null, assessmentId: null, title: 'Linked' });
  });

  it("keeps each action's copy of its asset's code, in the list and the detail, without an audit entry of its own", async () => {
    const [a, b] = [await insertAsset(t.db, userId), await insertAsset(t.db, userId)];
    const action = await createOk({ title: 'Copied code', assetId: a.id });
    expect(action.assetCode).toBe(a.assetId);
    await patch(action.id, { assetId: b.id });
    const listed = () => list(`assetId=${b.id}`).then((res) => res.json<Action[]>().map((x) => x.assetCode));
    expect(await listed()).toEqual([b.assetId]);

    // Nothing in the app changes an asset's code; one changed in the database reaches its actions.
    const audited = async () => (await t.db.$client.query(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'actions' AND entity_id = $1`, [action.id])).rows[0].n;
    const entriesBefore = await audited();
    await t.db.$client.query(`UPDATE assets SET asset_id = 'AST-RENAMED-' || left(id::text, 8) WHERE id = $1`, [b.id]);
    const renamed = 'AST-RENAMED-' + b.id.slice(0, 8);
    expect(await listed()).toEqual([renamed]);
    expect((await getJson(t.app, `/api/actions/${action.id}`, cookie)).json<Action>().assetCode).toBe(renamed);
    expect(await audited()).toBe(entriesBefore);

    // A write naming the copy cannot make it disagree with the asset.
    await t.db.$client.query(`UPDATE actions SET asset_code = 'AST-WRONG' WHERE id = $1`, [action.id]);
    expect(await listed()).toEqual([renamed]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await patch(crypto.randomUUID(), { title: 'x' })).statusCode).toBe(404);
    expect((await patch('not-a-uuid', { title: 'x' })).statusCode).toBe(404);
  });

  it('answers 401 without a session and 415 without JSON', async () => {
    const action = await createOk({ title: 'Guarded' });
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/api/actions/${action.id}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'Hijacked' }),
    });
    expect(anonymous.statusCode).toBe(401);
    const text = await t.app.inject({ method: 'PATCH', url: `/api/actions/${action.id}`, headers: { 'content-type': 'text/plain', cookie }, payload: 'x' });
    expect(text.statusCode).toBe(415);
    expect((await getJson(t.app, `/api/actions/${action.id}`, cookie)).json<Action>().title).toBe('Guarded');
  });
});
