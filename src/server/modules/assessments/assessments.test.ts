import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { assessments, assets, defects } from '../../db/schema';
import type { Assessment } from '../../../shared/contract/assessments';
import type { DefectSeverity } from '../../../shared/domain/assessments';
import { createTestApp, getJson, postJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { insertAsset } from '../../../../tests/factories/register';
import { assessmentsRepo } from './assessments.repo';

let t: TestApp;
let cookie: string;
let userId: string;
let otherUserId: string;

beforeAll(async () => {
  t = await createTestApp();
  const me = await registerUser(t.app, { fullName: 'Sam Surveyor' });
  cookie = me.cookie;
  userId = me.user.id;
  otherUserId = (await registerUser(t.app)).user.id;
});
afterAll(async () => {
  await t?.close();
});

const newAsset = (overrides: Parameters<typeof insertAsset>[2] = {}) => insertAsset(t.db, userId, overrides);
const post = (body: unknown) => postJson(t.app, '/api/assessments', body, { cookie });
const assessmentRows = (assetId: string) => t.db.select().from(assessments).where(eq(assessments.assetId, assetId));
const assetRow = async (id: string) => (await t.db.select().from(assets).where(eq(assets.id, id)))[0]!;
const defectCount = async (assessmentUuid: string) =>
  (await t.db.select().from(defects).where(eq(defects.assessmentId, assessmentUuid))).length;

describe('POST /api/assessments', () => {
  it('records the assessment with its defects, the session user as assessor, and updates the asset', async () => {
    const asset = await newAsset({ condition: 'good' });
    const res = await post({
      assetId: asset.id,
      condition: 'poor',
      conditionNotes: 'Hinge loose',
      defects: [
        { code: 'D1', description: 'Hinge loose', severity: 'high' },
        { description: 'Paint flaking' },
      ],
    });

    expect(res.statusCode).toBe(201);
    const body = res.json<Assessment>();
    expect(body).toMatchObject({
      assetId: asset.id,
      condition: 'poor',
      conditionNotes: 'Hinge loose',
      assessedBy: userId,
      assessedByName: 'Sam Surveyor',
    });
    expect(body.assessmentId).toMatch(/^ASM-\d{6}$/);
    expect(new Date(body.assessedAt).getTime()).toBe(t.clock.now().getTime());
    expect(body.defects).toMatchObject([
      { code: 'D1', description: 'Hinge loose', severity: 'high' },
      { code: null, description: 'Paint flaking', severity: 'medium' },
    ]);

    const stored = await assetRow(asset.id);
    expect(stored.condition).toBe('poor');
    expect(stored.conditionNotes).toBe('Hinge loose');
    expect(stored.updatedAt.getTime()).toBe(t.clock.now().getTime());
  });

  it('requires a condition rating with the spec message', async () => {
    const asset = await newAsset();
    const res = await post({ assetId: asset.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.condition).toBe('Condition rating is required');
  });

  it('names the defect field that is missing its description', async () => {
    const asset = await newAsset();
    const res = await post({ assetId: asset.id, condition: 'fair', defects: [{ severity: 'low' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['defects.0.description']).toBe('Description is required');
    expect(await assessmentRows(asset.id)).toHaveLength(0);
  });

  it('refuses an unknown asset with 400 and a malformed asset id with 400', async () => {
    const unknown = await post({ assetId: crypto.randomUUID(), condition: 'good' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'Asset not found', errors: { assetId: 'Asset not found' } });

    const malformed = await post({ assetId: 'not-a-uuid', condition: 'good' });
    expect(malformed.statusCode).toBe(400);
  });

  it('ignores a spoofed assessor and generated fields in the body', async () => {
    const asset = await newAsset();
    const spoofedId = crypto.randomUUID();
    const res = await post({
      assetId: asset.id,
      condition: 'good',
      assessedBy: otherUserId,
      id: spoofedId,
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await assessmentRows(asset.id);
    expect(row!.assessedBy).toBe(userId);
    expect(row!.id).not.toBe(spoofedId);
    expect(row!.createdAt.getFullYear()).toBeGreaterThan(2000);
  });

  it('records a retried assessmentId once, returning the stored assessment with 200', async () => {
    const asset = await newAsset();
    const body = { assetId: asset.id, assessmentId: 'DEVICE-7-0001', condition: 'fair', defects: [{ description: 'Crack' }] };

    const first = await post(body);
    const second = await post({ ...body, condition: 'unsafe', defects: [{ description: 'Other' }, { description: 'More' }] });

    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const rows = await assessmentRows(asset.id);
    expect(rows).toHaveLength(1);
    expect(await defectCount(rows[0]!.id)).toBe(1);
    expect((await assetRow(asset.id)).condition).toBe('fair');
  });

  it('records concurrent retries of one assessmentId once', async () => {
    const asset = await newAsset();
    const body = { assetId: asset.id, assessmentId: 'DEVICE-7-0002', condition: 'poor', defects: [{ description: 'A' }, { description: 'B' }] };

    const responses = await Promise.all(Array.from({ length: 6 }, () => post(body)));

    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const rows = await assessmentRows(asset.id);
    expect(rows).toHaveLength(1);
    expect(await defectCount(rows[0]!.id)).toBe(2);
  });

  it('refuses an assessmentId already used for another asset with 409', async () => {
    const [a, b] = [await newAsset(), await newAsset()];
    expect((await post({ assetId: a.id, assessmentId: 'DEVICE-7-0003', condition: 'good' })).statusCode).toBe(201);

    const res = await post({ assetId: b.id, assessmentId: 'DEVICE-7-0003', condition: 'poor' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/DEVICE-7-0003 is already used by an assessment of another asset/);
    expect(await assessmentRows(b.id)).toHaveLength(0);
    expect((await assetRow(b.id)).condition).toBe('good');
  });

  it('lets the newest assessment set the asset condition, not a late-synced older one', async () => {
    const asset = await newAsset({ condition: 'good', conditionNotes: 'As installed' });
    const recent = await post({ assetId: asset.id, condition: 'poor', conditionNotes: 'Worn', assessedAt: '2026-03-01T10:00:00Z' });
    expect(recent.statusCode).toBe(201);
    expect(await assetRow(asset.id)).toMatchObject({ condition: 'poor', conditionNotes: 'Worn' });

    const older = await post({ assetId: asset.id, condition: 'excellent', conditionNotes: 'Old visit', assessedAt: '2026-01-01T10:00:00+01:00' });
    expect(older.statusCode).toBe(201);
    expect(await assetRow(asset.id)).toMatchObject({ condition: 'poor', conditionNotes: 'Worn' });

    const newer = await post({ assetId: asset.id, condition: 'fair', assessedAt: '2026-03-02T10:00:00Z' });
    expect(newer.statusCode).toBe(201);
    expect(await assetRow(asset.id)).toMatchObject({ condition: 'fair', conditionNotes: null });
  });

  it('writes nothing when the defects insert fails (one transaction)', async () => {
    const asset = await newAsset({ condition: 'good' });
    const repo = assessmentsRepo(t.db);
    await expect(
      repo.record(
        {
          assetId: asset.id,
          condition: 'unsafe',
          conditionNotes: 'Should not stay',
          assessedBy: userId,
          assessedAt: t.clock.now(),
          assessmentId: 'TX-FAIL-1',
          // Not a defect_severity value: the database refuses the defects insert.
          defects: [{ code: null, description: 'Bad', severity: 'catastrophic' as DefectSeverity }],
        },
        t.clock.now(),
      ),
    ).rejects.toThrow();

    expect(await assessmentRows(asset.id)).toHaveLength(0);
    expect((await assetRow(asset.id)).condition).toBe('good');
  });

  it('answers 401 without a session', async () => {
    const asset = await newAsset();
    const res = await postJson(t.app, '/api/assessments', { assetId: asset.id, condition: 'good' });
    expect(res.statusCode).toBe(401);
    expect(await assessmentRows(asset.id)).toHaveLength(0);
  });
});

describe('GET /api/assessments', () => {
  it("lists the asset's history newest first with defects and assessor names", async () => {
    const asset = await newAsset();
    const other = await newAsset();
    await post({ assetId: other.id, condition: 'good' });
    const times = ['2026-02-01T09:00:00Z', '2026-04-01T09:00:00Z', '2026-03-01T09:00:00Z'];
    for (const [i, assessedAt] of times.entries()) {
      const res = await post({ assetId: asset.id, condition: 'fair', assessedAt, defects: [{ description: `Defect ${i}` }] });
      expect(res.statusCode).toBe(201);
    }

    const res = await getJson(t.app, `/api/assessments?assetId=${asset.id}`, cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json<Assessment[]>();
    expect(list.map((a) => a.assessedAt)).toEqual(['2026-04-01T09:00:00.000Z', '2026-03-01T09:00:00.000Z', '2026-02-01T09:00:00.000Z']);
    expect(list.map((a) => a.defects.map((d) => d.description))).toEqual([['Defect 1'], ['Defect 2'], ['Defect 0']]);
    expect(list.every((a) => a.assetId === asset.id && a.assessedByName === 'Sam Surveyor')).toBe(true);
  });

  it('orders assessments of the same time by creation, newest first', async () => {
    const asset = await newAsset();
    const assessedAt = '2026-05-01T09:00:00Z';
    const first = (await post({ assetId: asset.id, condition: 'good', assessedAt })).json<Assessment>();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = (await post({ assetId: asset.id, condition: 'poor', assessedAt })).json<Assessment>();

    const list = (await getJson(t.app, `/api/assessments?assetId=${asset.id}`, cookie)).json<Assessment[]>();
    expect(list.map((a) => a.id)).toEqual([second.id, first.id]);
    // Equal times: the later-recorded assessment is not older, so it sets the condition.
    expect((await assetRow(asset.id)).condition).toBe('poor');
  });

  it('reads any history in the same number of queries (no query per assessment)', async () => {
    const queriesToList = async (assetId: string) => {
      const spy = vi.spyOn(t.database.pool, 'query');
      try {
        const res = await getJson(t.app, `/api/assessments?assetId=${assetId}`, cookie);
        expect(res.statusCode).toBe(200);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    const [small, large] = [await newAsset(), await newAsset()];
    await post({ assetId: small.id, condition: 'good', defects: [{ description: 'One' }] });
    for (let i = 0; i < 5; i++) await post({ assetId: large.id, condition: 'good', defects: [{ description: 'A' }, { description: 'B' }] });

    const baseline = await queriesToList(small.id);
    expect(baseline).toBeGreaterThan(0);
    expect(await queriesToList(large.id)).toBe(baseline);
  });

  it('answers an empty list for an asset without assessments', async () => {
    const res = await getJson(t.app, `/api/assessments?assetId=${crypto.randomUUID()}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('requires a well-formed assetId', async () => {
    expect((await getJson(t.app, '/api/assessments', cookie)).statusCode).toBe(400);
    expect((await getJson(t.app, '/api/assessments?assetId=abc', cookie)).statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    expect((await getJson(t.app, `/api/assessments?assetId=${crypto.randomUUID()}`)).statusCode).toBe(401);
  });
});
