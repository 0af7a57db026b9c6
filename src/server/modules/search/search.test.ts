import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { insertAsset, insertLocation } from '../../../../tests/factories/register';
import { actions, assets, meters } from '../../db/schema';
import { SEARCH_COUNT_LIMIT } from '../../../shared/domain/search';
import type { SearchResponse } from '../../../shared/contract/search';
import { findMatches } from './matches';
import { wordsOf } from './terms';
import { matchOf } from './query';
import { assetSource } from '../assets/list-columns';
import { actionSource } from '../actions/actions.repo';
import { meterSource } from '../meters/meters.repo';
import type { SearchPlan } from './plan';

let t: TestApp;
let cookie: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  const { cookie: c, user } = await registerUser(t.app);
  cookie = c;
  userId = user.id;
  const depot = await insertLocation(t.db, { name: 'Leeds Depot' });
  const boiler = await insertAsset(t.db, user.id, { location: depot, make: 'Worcester', model: 'Greenstar 8000', serial: 'WB-77-ZZ', type: 'hvac' });
  await insertAsset(t.db, user.id, { location: depot, make: 'Dell', model: 'OptiPlex 7090', serial: 'DL-100%', type: 'pc' });
  await insertAsset(t.db, user.id, { make: 'Geze', model: 'TS 5000', description: 'Stairwell fire door, north core', type: 'fire_door' });
  for (let i = 0; i < 25; i++) await insertAsset(t.db, user.id, { make: 'Samsung', model: `Monitor ${i}`, type: 'monitor' });
  await t.db.insert(actions).values([
    { title: 'Service the Worcester boiler', priority: 'high', createdBy: user.id, assetId: boiler.id, assignee: 'Jo Engineer' },
    { title: 'Repaint stairwell', priority: 'low', createdBy: user.id, description: 'Scuffed walls' },
  ]);
  await t.db.insert(meters).values({ meterNumber: 'EL-LEEDS-01', type: 'electricity', unit: 'kWh', locationId: depot.id, locationPath: depot.path });
});
afterAll(() => t.close());

const search = async (q: string) => {
  const res = await getJson(t.app, `/api/search?q=${encodeURIComponent(q)}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>();
};

describe('GET /api/search', () => {
  it('finds assets, actions and meters by any of their searchable fields, case-insensitively', async () => {
    const result = await search('worcester');
    expect(result.assets.map((a) => a.make)).toEqual(['Worcester']);
    expect(result.actions.map((a) => a.title)).toEqual(['Service the Worcester boiler']);
    expect(result.actions[0]!.assetCode).toMatch(/^AST-\d{6}$/);
    expect(result.totals).toMatchObject({ assets: 1, actions: 1 });

    expect((await search('leeds')).meters.map((m) => m.meterNumber)).toEqual(['EL-LEEDS-01']);
    expect((await search('LEEDS depot')).totals.assets).toBe(2); // location path
    expect((await search('wb-77')).assets).toHaveLength(1); // serial
    expect((await search('fire door')).assets.map((a) => a.type)).toEqual(['fire_door']); // type words
    expect((await search('jo engineer')).actions).toHaveLength(1); // assignee
  });

  it('tolerates a small typo', async () => {
    expect((await search('worcestr')).assets.map((a) => a.make)).toContain('Worcester');
    expect((await search('stairwel')).assets.length + (await search('stairwel')).actions.length).toBeGreaterThan(0);
  });

  it('returns at most 20 per list with the true total', async () => {
    const result = await search('samsung');
    expect(result.assets).toHaveLength(20);
    expect(result.totals.assets).toBe(25);
  });

  it('ranks substring matches first', async () => {
    const result = await search('optiplex');
    expect(result.assets[0]!.model).toBe('OptiPlex 7090');
  });

  it('puts exact matches before matches of a corrected spelling', async () => {
    // "monitr" is a substring of nothing; the correction "monitor" finds the 25 monitors.
    const typo = await search('samsung monitr');
    expect(typo.assets).toHaveLength(20);
    expect(typo.totals.assets).toBe(25);
    // One exact match ("greenstar") sorts ahead of the corrected ones.
    const mixed = await search('greenstr');
    expect(mixed.assets.map((a) => a.model)).toContain('Greenstar 8000');
  });

  it('lists a one-word typo\'s own matches first and each record once when corrections find it too', async () => {
    // Inserted oldest first: "Daikn" only as typed, then one with both spellings, then two corrected only.
    const asTyped = await insertAsset(t.db, userId, { make: 'Daikn', model: 'Split unit' });
    const both = await insertAsset(t.db, userId, { make: 'Daikin', model: 'Daikn 2 (label misprinted)' });
    const corrected = [await insertAsset(t.db, userId, { make: 'Daikin', model: 'FTXM35' }), await insertAsset(t.db, userId, { make: 'Daikin', model: 'FTXM50' })];
    const result = await search('daikn');
    expect(result.assets.map((a) => a.id)).toEqual([both.id, asTyped.id, corrected[1]!.id, corrected[0]!.id]);
    expect(result.totals.assets).toBe(4);
  });

  it('needs every word of the query, in any order', async () => {
    expect((await search('depot leeds')).totals.assets).toBe(2);
    expect((await search('dell leeds')).assets.map((a) => a.make)).toEqual(['Dell']);
    expect((await search('dell geze')).totals.assets).toBe(0);
  });

  it('lists matches newest first', async () => {
    const result = await search('samsung');
    const times = result.assets.map((a) => a.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('counts up to the limit and reports more as limit + 1', async () => {
    const bay = await insertLocation(t.db, { name: 'Kiosk bay' });
    const assetRows = Array.from({ length: SEARCH_COUNT_LIMIT + 5 }, () => ({
      type: 'pc' as const,
      make: 'Kioskmaker',
      condition: 'good' as const,
      locationId: bay.id,
      locationPath: bay.path,
      createdBy: userId,
    }));
    await t.db.insert(assets).values(assetRows);
    const result = await search('kioskmaker');
    expect(result.totalLimit).toBe(SEARCH_COUNT_LIMIT);
    expect(result.totals.assets).toBe(SEARCH_COUNT_LIMIT + 1);
    expect(result.assets).toHaveLength(20);
  });

  it('gives the same lists and counts whichever plan reads them', async () => {
    // Words over a page, over the count limit, in every list, digits, codes and nothing at all.
    const queries = ['samsung', 'worcester', 'kioskmaker', 'leeds', 'stairwell', 'wb-77', '7', 'dl-100%', 'monitor 2', 'zzzqqq'];
    for (const q of queries) {
      const match = matchOf(q);
      const requests = [assetSource, actionSource, meterSource].map((source) => ({ source, match, rows: 20, countTo: SEARCH_COUNT_LIMIT }));
      const plans: SearchPlan[] = [{ kind: 'walk' }, { kind: 'scan' }, ...match.parts.flatMap((_, driver): SearchPlan[] => [{ kind: 'bitmap', driver }, { kind: 'walk', countBy: driver }])];
      const answers = await Promise.all(plans.map((plan) => findMatches(t.db, requests, { plan })));
      const lists = answers.map((found) => found.map((f) => ({ rows: f.rows, total: f.total })));
      for (const other of lists.slice(1)) expect(other, q).toEqual(lists[0]);
    }
  });

  it('matches SQL wildcards and quotes literally', async () => {
    expect((await search('100%')).assets.map((a) => a.serial)).toEqual(['DL-100%']);
    // Injection attempts are plain text: they neither match everything nor break anything.
    expect((await search("' OR 1=1--")).totals.assets).toBeLessThan(3);
    await search("'; DROP TABLE assets;--");
    expect((await search('samsung')).totals.assets).toBe(25);
    expect((await search('%%')).totals.assets).toBe(0);
    expect((await search('__')).totals.assets).toBe(0);
  });

  it('handles unicode and finds nothing without error', async () => {
    const result = await search('Zürich 🔥');
    expect(result.totals).toEqual({ assets: 0, actions: 0, meters: 0 });
  });

  it('refuses fewer than 2 characters and more than 100 with 400', async () => {
    for (const q of ['', 'a', ' b ']) {
      const res = await getJson(t.app, `/api/search?q=${encodeURIComponent(q)}`, cookie);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe('Enter at least 2 characters to see results');
    }
    expect((await getJson(t.app, '/api/search', cookie)).statusCode).toBe(400);
    expect((await getJson(t.app, `/api/search?q=${'x'.repeat(101)}`, cookie)).statusCode).toBe(400);
    expect((await getJson(t.app, '/api/search?q=ab&q=cd', cookie)).statusCode).toBe(400);
  });

  it('answers a NUL character with 400, not a database error', async () => {
    const res = await getJson(t.app, '/api/search?q=ab%00cd', cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/cannot be stored/);
  });

  it('requires a session', async () => {
    expect((await getJson(t.app, '/api/search?q=worcester')).statusCode).toBe(401);
  });
});

describe('the search tokeniser in SQL', () => {
  it('splits text into words exactly as wordsOf() does', async () => {
    const texts = [
      'AST-000123 Daikin FX200 VRV-IV split unit, Floor 3 / Room 012',
      "Stairwell fire_door north core; O'Brien & Sons (Geze TS-5000) 100% done",
      'Café Zürich Straße Ærø Øresund crème brûlée naïve façade ÀÉÎÖÜ',
      'Ελληνικά κείμενα Русский текст 日本語のテキスト 한국어',
      'tab\tnew\nline  double  spaces -- dashes__underscores ..dots',
      `${'a'.repeat(40)} ${'b'.repeat(41)} ab abc x1y2z3 abc123 123abc`,
      'emoji 🔥 flame ☃ snowman № numero ² squared',
    ];
    for (const text of texts) {
      const { rows } = await t.db.$client.query<{ w: string }>('SELECT w FROM search_words_of($1) AS w ORDER BY w COLLATE "C"', [text]);
      const fromSql = rows.map((r) => r.w);
      expect(fromSql, text).toEqual([...wordsOf(text)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
  });
});
