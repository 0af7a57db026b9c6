import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { insertAsset, type AssetRow } from '../../../../tests/factories/register';
import { assets } from '../../db/schema';
import { ASSET_CHANGED_MESSAGE, IF_MATCH_INVALID_MESSAGE, type Asset } from '../../../shared/contract/assets';

let t: TestApp;
let cookie: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  const registered = await registerUser(t.app, { fullName: 'Connie Conflict', role: 'asset_manager' });
  cookie = registered.cookie;
  userId = registered.user.id;
});
afterAll(() => t.close());

const patch = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PATCH', url: `/api/assets/${id}`, headers: { cookie, 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
const versionOf = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/assets/${id}`, headers: { cookie } })).json<Asset>().updatedAt;
const rowOf = async (id: string) => (await t.db.select().from(assets).where(eq(assets.id, id)))[0]!;

describe('PATCH /api/assets/{id} with If-Match (edits made offline, ADR 028)', () => {
  let asset: AssetRow;
  beforeAll(async () => {
    asset = await insertAsset(t.db, userId, { make: 'Baxi', model: 'One' });
  });

  it('applies an edit based on the current version', async () => {
    const seen = await versionOf(asset.id);
    const res = await patch(asset.id, { model: 'Two' }, { 'if-match': `"${seen}"` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Asset>().model).toBe('Two');
    expect(res.json<Asset>().updatedAt).not.toBe(seen);
  });

  it('refuses an edit based on an older version with 412 and the asset as it is now, changing nothing', async () => {
    const seen = await versionOf(asset.id);
    // Someone else edits meanwhile.
    expect((await patch(asset.id, { make: 'Ideal' })).statusCode).toBe(200);
    const before = await rowOf(asset.id);
    const res = await patch(asset.id, { make: 'Worcester', serial: 'VALVE-9' }, { 'if-match': `"${seen}"` });
    expect(res.statusCode).toBe(412);
    const body = res.json<{ message: string; current: Asset }>();
    expect(body.message).toBe(ASSET_CHANGED_MESSAGE);
    expect(body.current).toMatchObject({ id: asset.id, make: 'Ideal', model: 'Two' });
    expect(await rowOf(asset.id)).toEqual(before);
    // Keeping one's own version: sent again against the version now current.
    const kept = await patch(asset.id, { make: 'Worcester', serial: 'VALVE-9' }, { 'if-match': `"${body.current.updatedAt}"` });
    expect(kept.statusCode).toBe(200);
    expect(kept.json<Asset>()).toMatchObject({ make: 'Worcester', serial: 'VALVE-9' });
  });

  it('keeps no answer for a 412 under an Idempotency-Key: the same key sent against the new version applies', async () => {
    const seen = await versionOf(asset.id);
    expect((await patch(asset.id, { serial: 'S-1' })).statusCode).toBe(200);
    const key = crypto.randomUUID();
    const body = { serial: 'S-2' };
    const stale = await patch(asset.id, body, { 'if-match': `"${seen}"`, 'idempotency-key': key });
    expect(stale.statusCode).toBe(412);
    const current = stale.json<{ current: Asset }>().current;
    const again = await patch(asset.id, body, { 'if-match': `"${current.updatedAt}"`, 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.json<Asset>().serial).toBe('S-2');
  });

  it('answers a malformed If-Match with 400, and edits without one as before (last write wins)', async () => {
    for (const bad of ['2026-01-01T00:00:00Z', '"not a date"', '*', '""']) {
      const res = await patch(asset.id, { model: 'X' }, { 'if-match': bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(IF_MATCH_INVALID_MESSAGE);
    }
    expect((await patch(asset.id, { model: 'Three' })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown asset whatever the If-Match', async () => {
    const res = await patch(crypto.randomUUID(), { model: 'X' }, { 'if-match': `"${new Date().toISOString()}"` });
    expect(res.statusCode).toBe(404);
  });
});
