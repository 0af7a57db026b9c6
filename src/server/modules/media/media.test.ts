import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getJson, postJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { media } from '../../db/schema';
import type { Asset, Media } from '../../../shared/contract';
import type { User } from '../../../shared/contract/auth';

let t: TestApp;
let cookie: string;
let user: User;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie, user } = await registerUser(t.app));
});
afterAll(async () => {
  await t?.close();
});

async function newAsset(): Promise<Asset> {
  const site = await postJson(t.app, '/api/locations', { name: 'Media site', type: 'site' }, { cookie });
  const res = await postJson(t.app, '/api/assets', { locationId: site.json().id, type: 'roof', condition: 'fair' }, { cookie });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Asset>();
}

describe('GET /api/media', () => {
  it("lists the asset's media newest first", async () => {
    const asset = await newAsset();
    const other = await newAsset();
    expect((await getJson(t.app, `/api/media?assetId=${asset.id}`, cookie)).json()).toEqual([]);

    const row = (filename: string, assetId: string, createdAt: Date) => ({
      assetId,
      type: 'photo',
      url: `uploads/${filename}`,
      filename,
      uploadedBy: user.id,
      createdAt,
    });
    await t.db.insert(media).values([
      { ...row('old.jpg', asset.id, new Date('2026-01-01T10:00:00Z')), filesize: 1234, mimeType: 'image/jpeg', caption: 'Roof', gpsLat: '51.5', gpsLon: '-0.1', takenAt: new Date('2025-12-31T09:00:00Z') },
      row('new.jpg', asset.id, new Date('2026-02-01T10:00:00Z')),
      row('elsewhere.jpg', other.id, new Date('2026-03-01T10:00:00Z')),
    ]);

    const res = await getJson(t.app, `/api/media?assetId=${asset.id}`, cookie);
    expect(res.statusCode).toBe(200);
    const items = res.json<Media[]>();
    expect(items.map((m) => m.filename)).toEqual(['new.jpg', 'old.jpg']);
    expect(items[1]).toMatchObject({
      assetId: asset.id,
      assessmentId: null,
      actionId: null,
      type: 'photo',
      url: 'uploads/old.jpg',
      filesize: 1234,
      mimeType: 'image/jpeg',
      caption: 'Roof',
      gpsLat: '51.5',
      gpsLon: '-0.1',
      takenAt: '2025-12-31T09:00:00.000Z',
      uploadedBy: user.id,
      createdAt: '2026-01-01T10:00:00.000Z',
    });
    expect(items[0]!.takenAt).toBeNull();
  });

  it('is empty for an asset id that does not exist', async () => {
    const res = await getJson(t.app, '/api/media?assetId=00000000-0000-4000-8000-000000000000', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 400 without a well-formed assetId', async () => {
    for (const query of ['', '?assetId=', '?assetId=abc']) {
      const res = await getJson(t.app, `/api/media${query}`, cookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors.assetId).toBe('assetId must be an asset id');
    }
  });

  it('answers 401 without a session', async () => {
    expect((await getJson(t.app, '/api/media?assetId=00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
  });
});
