import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getJson, postJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { insertLocation } from '../../../../tests/factories/register';
import type { Meter, Reading } from '../../../shared/contract/meters';

let t: TestApp;
let cookie: string;
let userId: string;
let locationId: string;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  const registered = await registerUser(t.app, { fullName: 'Rita Reader', role: 'asset_manager' });
  cookie = registered.cookie;
  userId = registered.user.id;
  locationId = (await insertLocation(t.db, { name: 'Leeds Depot' })).id;
});
afterAll(() => t.close());

const meterNumber = () => `EL-${Date.now().toString(36)}-${++counter}`;

async function createMeter(overrides: Record<string, unknown> = {}): Promise<Meter> {
  const res = await postJson(t.app, '/api/meters', { meterNumber: meterNumber(), type: 'electricity', unit: 'kWh', locationId, ...overrides }, { cookie });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Meter>();
}

const read = (meterId: string, reading: unknown, readingDate: string, extra: Record<string, unknown> = {}) =>
  postJson(t.app, '/api/meter-readings', { meterId, reading, readingDate, ...extra }, { cookie });

describe('POST /api/meters', () => {
  it('creates a meter with the location path from the server and multiplier 1 by default', async () => {
    const res = await postJson(
      t.app,
      '/api/meters',
      { meterNumber: 'GAS-100', type: 'gas', unit: 'm³', multiplier: '', locationId, locationPath: 'spoofed' },
      { cookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ meterNumber: 'GAS-100', type: 'gas', unit: 'm³', multiplier: 1, locationPath: 'Leeds Depot', lastReading: null });
  });

  it('answers each missing field with the spec message', async () => {
    const res = await postJson(t.app, '/api/meters', {}, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      meterNumber: 'Meter number is required',
      type: 'Type is required',
      unit: 'Unit is required',
      locationId: 'Location is required',
    });
  });

  it('refuses a multiplier that is not a whole number of at least 1', async () => {
    for (const multiplier of [0, -2, 'abc']) {
      const res = await postJson(t.app, '/api/meters', { meterNumber: meterNumber(), type: 'water', unit: 'L', multiplier, locationId }, { cookie });
      expect(res.statusCode, String(multiplier)).toBe(400);
      expect(res.json().errors.multiplier).toMatch(/Multiplier must be/);
    }
  });

  it('refuses a duplicate meter number (any case) with 409', async () => {
    const meter = await createMeter();
    const res = await postJson(t.app, '/api/meters', { meterNumber: meter.meterNumber.toLowerCase(), type: 'electricity', unit: 'kWh', locationId }, { cookie });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('already exists');
  });

  it('refuses an unknown location with 400', async () => {
    const res = await postJson(t.app, '/api/meters', { meterNumber: meterNumber(), type: 'gas', unit: 'm³', locationId: crypto.randomUUID() }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Location not found');
  });

  it("follows a rename of its location (the meter's locationPath is kept in step)", async () => {
    const site = await insertLocation(t.db, { name: 'Old Name' });
    const res = await postJson(t.app, '/api/meters', { meterNumber: meterNumber(), type: 'water', unit: 'L', locationId: site.id }, { cookie });
    expect(res.json().locationPath).toBe('Old Name');
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/locations/${site.id}`,
      headers: { 'content-type': 'application/json', cookie },
      payload: JSON.stringify({ name: 'New Name' }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await getJson(t.app, `/api/meters/${res.json().id}`, cookie)).json().locationPath).toBe('New Name');
  });

  it('lists meters and fetches one; malformed or unknown ids are 404', async () => {
    const meter = await createMeter();
    const list = await getJson(t.app, '/api/meters', cookie);
    expect(list.json<Meter[]>().some((m) => m.id === meter.id)).toBe(true);
    expect((await getJson(t.app, `/api/meters/${meter.id}`, cookie)).json().meterNumber).toBe(meter.meterNumber);
    expect((await getJson(t.app, '/api/meters/not-a-uuid', cookie)).statusCode).toBe(404);
    expect((await getJson(t.app, `/api/meters/${crypto.randomUUID()}`, cookie)).statusCode).toBe(404);
  });
});

describe('POST /api/meter-readings', () => {
  it('records a reading by the signed-in user and keeps the meter latest reading', async () => {
    const meter = await createMeter();
    const res = await read(meter.id, '1200', '2026-11-01T09:00:00Z', { notes: 'Basement plant room', recordedBy: crypto.randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Reading>()).toMatchObject({ reading: 1200, recordedBy: userId, recordedByName: 'Rita Reader', consumption: null });
    const updated = (await getJson(t.app, `/api/meters/${meter.id}`, cookie)).json<Meter>();
    expect(updated).toMatchObject({ lastReading: 1200, lastReadingDate: '2026-11-01T09:00:00.000Z' });
  });

  it('requires the reading (spec §3): missing, null or blank is a 400, never a reading of 0', async () => {
    const meter = await createMeter();
    const missing = await postJson(t.app, '/api/meter-readings', { meterId: meter.id, readingDate: '2026-11-01T09:00:00Z' }, { cookie });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ reading: 'Reading is required' });
    for (const reading of [null, '', '   ']) {
      const res = await read(meter.id, reading, '2026-11-01T09:00:00Z');
      expect(res.statusCode, JSON.stringify(reading)).toBe(400);
      expect(res.json().errors.reading, JSON.stringify(reading)).toBe('Reading is required');
    }
    expect((await getJson(t.app, `/api/meters/${meter.id}/readings`, cookie)).json()).toEqual([]);
    expect((await getJson(t.app, `/api/meters/${meter.id}`, cookie)).json<Meter>().lastReading).toBeNull();
  });

  it('truncates a reading to a whole number; 0 sent explicitly is a reading', async () => {
    const meter = await createMeter();
    expect((await read(meter.id, 0, '2026-11-01T09:00:00Z')).json().reading).toBe(0);
    expect((await read(meter.id, 12.9, '2026-11-02T09:00:00Z')).json().reading).toBe(12);
    expect((await read(meter.id, '15', '2026-11-03T09:00:00Z')).json().reading).toBe(15);
  });

  it('accepts a photo URL only from our own media storage, or blank', async () => {
    const meter = await createMeter();
    const id = crypto.randomUUID();
    const own = await read(meter.id, 1, '2026-11-01T09:00:00Z', { photoUrl: `/api/media/${id}/file` });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json<Reading>().photoUrl).toBe(`/api/media/${id}/file`);
    const thumb = await read(meter.id, 2, '2026-11-02T09:00:00Z', { photoUrl: `/api/media/${id}/thumbnail` });
    expect(thumb.json<Reading>().photoUrl).toBe(`/api/media/${id}/thumbnail`);
    expect((await read(meter.id, 3, '2026-11-03T09:00:00Z', { photoUrl: '' })).json<Reading>().photoUrl).toBeNull();

    const attacks = [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)//.png',
      'https://evil.example/x.png',
      'http://evil.example/api/media/' + id + '/file',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
      `/api/media/${id}/file?redirect=https://evil.example`,
      `/api/media/${id}/../../evil`,
      `/api/media/not-a-uuid/file`,
      'photo.png',
    ];
    for (const photoUrl of attacks) {
      const res = await read(meter.id, 4, '2026-11-04T09:00:00Z', { photoUrl });
      expect(res.statusCode, photoUrl).toBe(400);
      expect(res.json().errors.photoUrl, photoUrl).toBe('Photo URL must be a photo stored by this app (/api/media/<id>/file), or blank');
    }
    expect((await getJson(t.app, `/api/meters/${meter.id}/readings`, cookie)).json()).toHaveLength(3);
  });

  it('answers bad readings and dates with the spec messages', async () => {
    const meter = await createMeter();
    for (const reading of [-1, 'lots']) {
      const res = await read(meter.id, reading, '2026-11-01T09:00:00Z');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.reading).toBe('Reading must be a positive number');
    }
    const noDate = await postJson(t.app, '/api/meter-readings', { meterId: meter.id, reading: 5 }, { cookie });
    expect(noDate.json().errors.readingDate).toBe('Reading date is required');
    const unknownMeter = await read(crypto.randomUUID(), 5, '2026-11-01T09:00:00Z');
    expect(unknownMeter.statusCode).toBe(400);
  });

  it('refuses a reading lower than the previous one unless confirmed as a meter reset', async () => {
    const meter = await createMeter({ multiplier: 10 });
    await read(meter.id, 1000, '2026-10-01T09:00:00Z');
    const lower = await read(meter.id, 50, '2026-11-01T09:00:00Z');
    expect(lower.statusCode).toBe(400);
    expect(lower.json().message).toMatch(/lower than the previous reading \(1,000 on 2026-10-01\)/);

    const confirmed = await read(meter.id, 50, '2026-11-01T09:00:00Z', { confirmReset: true });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json()).toMatchObject({ isReset: true, consumption: null });
    const after = await read(meter.id, 80, '2026-12-01T09:00:00Z');
    expect(after.json().consumption).toBe(300); // (80 − 50) × 10
  });

  it('refuses a back-dated reading higher than the reading after it', async () => {
    const meter = await createMeter();
    await read(meter.id, 100, '2026-10-01T09:00:00Z');
    await read(meter.id, 200, '2026-10-20T09:00:00Z');
    const res = await read(meter.id, 250, '2026-10-10T09:00:00Z');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/higher than the later reading/);
    expect((await read(meter.id, 150, '2026-10-10T09:00:00Z')).statusCode).toBe(201);
  });

  it('answers each new reading exactly as the readings list shows it (back-dated, same date, reset)', async () => {
    const meter = await createMeter({ multiplier: 3 });
    const steps: Array<[reading: number, date: string, extra?: Record<string, unknown>]> = [
      [100, '2026-01-01T09:00:00Z'],
      [150, '2026-02-01T09:00:00Z'],
      [120, '2026-01-15T09:00:00Z'],
      // Several of one date: their order (and so their consumption) follows their ids.
      [150, '2026-02-01T09:00:00Z'],
      [155, '2026-02-01T09:00:00Z'],
      [160, '2026-02-01T09:00:00Z'],
      [170, '2026-02-01T09:00:00Z'],
      [10, '2026-03-01T09:00:00Z', { confirmReset: true }],
      [40, '2026-04-01T09:00:00Z'],
    ];
    for (const [reading, date, extra] of steps) {
      const res = await read(meter.id, reading, date, extra);
      expect(res.statusCode, res.body).toBe(201);
      const listed = (await getJson(t.app, `/api/meters/${meter.id}/readings?limit=200`, cookie)).json<Reading[]>();
      const created = res.json<Reading>();
      expect(created).toEqual(listed.find((r) => r.id === created.id));
    }
  });

  it('keeps the latest reading and consumption exact when readings of one meter arrive at once, in any date order', async () => {
    const meter = await createMeter();
    // Day d reads 100 × d: valid in any order of arrival, so every one must be accepted.
    const days = [7, 2, 11, 5, 12, 1, 9, 3, 10, 6, 4, 8];
    const answers = await Promise.all(days.map((d) => read(meter.id, 100 * d, `2026-05-${String(d).padStart(2, '0')}T09:00:00Z`)));
    expect(answers.map((r) => r.statusCode)).toEqual(days.map(() => 201));

    const updated = (await getJson(t.app, `/api/meters/${meter.id}`, cookie)).json<Meter>();
    expect(updated).toMatchObject({ lastReading: 1200, lastReadingDate: '2026-05-12T09:00:00.000Z' });
    const listed = (await getJson(t.app, `/api/meters/${meter.id}/readings?limit=200`, cookie)).json<Reading[]>();
    expect(listed.map((r) => r.reading)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((d) => 100 * d));
    expect(listed.map((r) => r.consumption)).toEqual([...Array(11).fill(100), null]);
  });

  it('checks readings that arrive at once against each other: of two that contradict, the second is refused', async () => {
    const meters = await Promise.all(Array.from({ length: 6 }, () => createMeter()));
    // Each alone is valid on an empty meter; together the later date would read lower.
    const pairs = await Promise.all(
      meters.map((m) => Promise.all([read(m.id, 500, '2026-06-05T09:00:00Z'), read(m.id, 400, '2026-06-06T09:00:00Z')])),
    );
    for (const pair of pairs) expect(pair.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });
});

describe('GET /api/meters/{id}/readings', () => {
  it('lists readings newest first with consumption × multiplier, paginated by cursor', async () => {
    const meter = await createMeter({ multiplier: 2 });
    const values = [100, 150, 175, 260, 300];
    for (const [i, v] of values.entries()) await read(meter.id, v, `2026-0${i + 1}-15T08:00:00Z`);

    const first = await getJson(t.app, `/api/meters/${meter.id}/readings?limit=2`, cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json<Reading[]>().map((r) => [r.reading, r.consumption])).toEqual([[300, 80], [260, 170]]);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();

    const second = await getJson(t.app, `/api/meters/${meter.id}/readings?limit=2&cursor=${cursor}`, cookie);
    expect(second.json<Reading[]>().map((r) => [r.reading, r.consumption])).toEqual([[175, 50], [150, 100]]);
    const third = await getJson(t.app, `/api/meters/${meter.id}/readings?limit=2&cursor=${second.headers['x-next-cursor']}`, cookie);
    expect(third.json<Reading[]>().map((r) => [r.reading, r.consumption])).toEqual([[100, null]]);
    expect(third.headers['x-next-cursor']).toBeUndefined();
  });

  it('is 404 for an unknown meter and 400 for a bad cursor', async () => {
    expect((await getJson(t.app, `/api/meters/${crypto.randomUUID()}/readings`, cookie)).statusCode).toBe(404);
    const meter = await createMeter();
    expect((await getJson(t.app, `/api/meters/${meter.id}/readings?cursor=bogus`, cookie)).statusCode).toBe(400);
  });

  it('requires a session', async () => {
    expect((await getJson(t.app, '/api/meters')).statusCode).toBe(401);
    expect((await postJson(t.app, '/api/meter-readings', {})).statusCode).toBe(401);
  });
});
