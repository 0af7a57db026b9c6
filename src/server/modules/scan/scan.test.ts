import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getJson, registerUser, sendAs, type TestApp } from '../../../../tests/setup/test-app';
import { insertAsset, insertLocation, type AssetRow, type LocationRow } from '../../../../tests/factories/register';
import type { ScanResult } from '../../../shared/contract/scan';
import { assetLink, locationLink } from '../../../shared/domain/scan';

/** GET /api/scan (ADR 027): what a scanned or typed code names, within the user's areas. */

let t: TestApp;
let admin: string;
let userId: string;
let north: LocationRow;
let south: LocationRow;
let boiler: AssetRow;
let southPump: AssetRow;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie: admin, user: { id: userId } } = await registerUser(t.app, { role: 'org_admin' }));
  north = await insertLocation(t.db, { name: 'North Site' });
  south = await insertLocation(t.db, { name: 'South Site' });
  boiler = await insertAsset(t.db, userId, { location: north, description: 'Boiler', barcode: '5012345678900', clientAssetId: 'device-7f3a' });
  southPump = await insertAsset(t.db, userId, { location: south, description: 'Pump', barcode: 'PUMP-SOUTH' });
});
afterAll(() => t?.close());

const scan = async (code: string, cookie = admin) => {
  const res = await getJson(t.app, `/api/scan?code=${encodeURIComponent(code)}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ScanResult>();
};
const assetOf = (result: ScanResult) => (result.kind === 'asset' ? result.asset.id : `not an asset: ${JSON.stringify(result)}`);

describe('GET /api/scan', () => {
  it('finds an asset by its assetId, as scanned, typed in small letters or with spaces around it', async () => {
    const result = await scan(boiler.assetId);
    expect(result).toEqual({
      kind: 'asset',
      asset: { id: boiler.id, assetId: boiler.assetId, type: 'other', description: 'Boiler', locationId: north.id, locationPath: 'North Site' },
    });
    expect(assetOf(await scan(boiler.assetId.toLowerCase()))).toBe(boiler.id);
    expect(assetOf(await scan(` ${boiler.assetId}\r\n`))).toBe(boiler.id);
  });

  it('finds an asset by its barcode and by its client asset id', async () => {
    expect(assetOf(await scan('5012345678900'))).toBe(boiler.id);
    expect(assetOf(await scan('device-7f3a'))).toBe(boiler.id);
  });

  it('reads an asset link of any host, with a trailing slash or an encoded code', async () => {
    expect(assetOf(await scan(assetLink('https://assets.example.org', boiler.assetId)))).toBe(boiler.id);
    expect(assetOf(await scan(`http://10.0.0.5:5000/a/${boiler.assetId}/`))).toBe(boiler.id);
    expect(assetOf(await scan(`https://x.example/a/${encodeURIComponent(boiler.assetId)}`))).toBe(boiler.id);
    // A link names an asset by its assetId only: a barcode in a link's place is not looked up.
    expect(await scan('https://x.example/a/5012345678900')).toEqual({ kind: 'unknown', code: null });
  });

  it('prefers an assetId to another asset’s barcode, and the newest of assets sharing a barcode', async () => {
    const impostor = await insertAsset(t.db, userId, { location: north, barcode: boiler.assetId });
    expect(assetOf(await scan(boiler.assetId))).toBe(boiler.id);
    const older = await insertAsset(t.db, userId, { location: north, barcode: 'SHARED-1', createdAt: new Date('2026-01-01T00:00:00Z') });
    const newer = await insertAsset(t.db, userId, { location: north, barcode: 'SHARED-1', createdAt: new Date('2026-06-01T00:00:00Z') });
    expect(assetOf(await scan('SHARED-1'))).toBe(newer.id);
    expect(older.id).not.toBe(newer.id);
    expect(assetOf(await scan(impostor.assetId))).toBe(impostor.id);
  });

  it('finds a location by its tag’s link or its bare id', async () => {
    const expected = { kind: 'location', location: { id: north.id, name: 'North Site', type: 'site', path: 'North Site' } };
    expect(await scan(locationLink('https://assets.example.org', north.id))).toEqual(expected);
    expect(await scan(north.id.toUpperCase())).toEqual(expected);
  });

  it('answers unknown with the code to register, or no code for a link or a text too long for a barcode', async () => {
    expect(await scan('NEW-BARCODE-42')).toEqual({ kind: 'unknown', code: 'NEW-BARCODE-42' });
    expect(await scan('00000000-0000-4000-8000-000000000000')).toEqual({ kind: 'unknown', code: '00000000-0000-4000-8000-000000000000' });
    expect(await scan('https://assets.example.org/a/AST-999999')).toEqual({ kind: 'unknown', code: null });
    expect(await scan('https://assets.example.org/l/00000000-0000-4000-8000-000000000000')).toEqual({ kind: 'unknown', code: null });
    // A web address that is no link of ours may be a maker's QR code: a code like any other.
    expect(await scan('https://maker.example/l/not-an-id')).toEqual({ kind: 'unknown', code: 'https://maker.example/l/not-an-id' });
    expect(await scan('x'.repeat(101))).toEqual({ kind: 'unknown', code: null });
    // SQL-looking text is a literal code.
    expect(await scan("' OR 1=1--")).toEqual({ kind: 'unknown', code: "' OR 1=1--" });
  });

  it('refuses a missing, blank, repeated or overlong code with a readable 400', async () => {
    for (const [url, message] of [
      ['/api/scan', 'Scan or type a code'],
      ['/api/scan?code=%20%20', 'Scan or type a code'],
      [`/api/scan?code=${'x'.repeat(501)}`, 'A code must be at most 500 characters'],
    ] as const) {
      const res = await getJson(t.app, url, admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await getJson(t.app, '/api/scan?code=a&code=b', admin)).statusCode).toBe(400);
  });

  it('asks for a sign-in', async () => {
    expect((await getJson(t.app, `/api/scan?code=${boiler.assetId}`)).statusCode).toBe(401);
  });

  it('tells an area manager only of assets and locations inside their areas', async () => {
    const manager = await registerUser(t.app, { role: 'area_manager' });
    const limited = await sendAs(t.app, admin, 'PATCH', `/api/users/${manager.user.id}`, { areaLocationIds: [north.id] });
    expect(limited.statusCode, limited.body).toBe(200);
    const cookie = manager.cookie;
    expect(assetOf(await scan(boiler.assetId, cookie))).toBe(boiler.id);
    expect(assetOf(await scan(assetLink('https://a.example', boiler.assetId), cookie))).toBe(boiler.id);
    // South is outside: its asset and location read as codes nobody has used.
    expect(await scan(southPump.assetId, cookie)).toEqual({ kind: 'unknown', code: southPump.assetId });
    expect(await scan('PUMP-SOUTH', cookie)).toEqual({ kind: 'unknown', code: 'PUMP-SOUTH' });
    expect(await scan(assetLink('https://a.example', southPump.assetId), cookie)).toEqual({ kind: 'unknown', code: null });
    expect(await scan(locationLink('https://a.example', south.id), cookie)).toEqual({ kind: 'unknown', code: null });
    expect(await scan(south.id, cookie)).toEqual({ kind: 'unknown', code: south.id });
    expect((await scan(north.id, cookie)).kind).toBe('location');
  });
});
