import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { assets } from '../../db/schema';
import { createTestApp, getJson, type TestApp } from '../../../../tests/setup/test-app';
import { buildSearchCorpus, type CorpusQuery } from '../../../../bench/search-corpus';
import { SEARCH_COUNT_LIMIT } from '../../../shared/domain/search';
import type { SearchResponse } from '../../../shared/contract/search';
import { BENCH_USER, SEED_PASSWORD } from '../../../../scripts/seed/users';
import { findMatches, type FindRequest } from './matches';
import { matchOf } from './query';
import { assetSource } from '../assets/list-columns';
import { actionSource } from '../actions/actions.repo';
import { meterSource } from '../meters/meters.repo';
import { likePattern, searchTerms } from './terms';
import type { SearchPlan } from './plan';

/**
 * Every class of the bench's query corpus (codes, serial fragments, phrases, two letters, typos…)
 * on a register seeded as the bench seeds it, each answer compared with testing every row.
 */
let t: TestApp;
let cookie: string;
let corpus: CorpusQuery[];

beforeAll(async () => {
  t = await createTestApp();
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/seed-large.ts', '--assets', '2000', '--database-url', t.databaseUrl], {
    env: { ...process.env, DATABASE_URL: '' },
  });
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: BENCH_USER.username, password: SEED_PASSWORD } });
  expect(login.statusCode, login.body).toBe(200);
  cookie = String(login.headers['set-cookie']).split(';')[0]!;
  corpus = await buildSearchCorpus(t.db.$client, 12);
}, 180_000);
afterAll(() => t?.close());

type Table = 'assets' | 'actions' | 'meters';
const ORDER: Record<Table, string> = { assets: 'created_at DESC, id DESC', actions: 'created_at DESC, id DESC', meters: 'meter_number, id' };

/** The ids of every row of `table` containing every term, in the list's order: no index, no plan. */
async function fullScan(table: Table, q: string, filter = ''): Promise<string[]> {
  const { rows } = await t.ownerDb.$client.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE (search_text || '') LIKE ALL ($1::text[]) ${filter} ORDER BY ${ORDER[table]}`,
    [searchTerms(q).map(likePattern)],
  );
  return rows.map((r) => r.id);
}

const ids = (rows: { json: string }[] | { id: string }[]) => rows.map((r) => ('json' in r ? (JSON.parse(r.json) as { id: string }).id : r.id));

describe('search on a seeded register, every class of query', () => {
  it('holds every class', () => {
    expect(new Set(corpus.map((c) => c.cls)).size).toBe(11);
  });

  it('reads the same rows and counts by every plan as a full scan finds', async () => {
    for (const { cls, q } of corpus) {
      const match = matchOf(q);
      const plans: SearchPlan[] = [{ kind: 'walk' }, { kind: 'scan' }, ...match.parts.flatMap((_, driver): SearchPlan[] => [{ kind: 'bitmap', driver }, { kind: 'walk', countBy: driver }])];
      const requests: FindRequest[] = [assetSource, actionSource, meterSource].map((source) => ({ source, match, rows: 20, countTo: SEARCH_COUNT_LIMIT }));
      const expected = await Promise.all((['assets', 'actions', 'meters'] as const).map((table) => fullScan(table, q)));
      for (const plan of plans) {
        const found = await findMatches(t.db, requests, { plan });
        found.forEach((f, i) => {
          const context = `${cls} "${q}" ${JSON.stringify(plan)} list ${i}`;
          expect(ids(f.rows), context).toEqual(expected[i]!.slice(0, 20));
          expect(f.total, context).toBe(Math.min(expected[i]!.length, SEARCH_COUNT_LIMIT + 1));
        });
      }
    }
  }, 120_000);

  it('reads the same rows of a filtered list by every plan as a full scan finds', async () => {
    for (const { cls, q } of corpus) {
      const match = matchOf(q);
      const plans: SearchPlan[] = [
        { kind: 'walk' },
        { kind: 'scan' },
        ...match.parts.flatMap((_, driver): SearchPlan[] => [{ kind: 'bitmap', driver }, { kind: 'bitmap', driver, alone: true }]),
      ];
      const poor = eq(assets.condition, 'poor');
      const request: FindRequest = { source: assetSource, match, where: poor, filtered: true, indexedFilters: [poor], rows: 20 };
      const expected = (await fullScan('assets', q, `AND condition = 'poor'`)).slice(0, 20);
      for (const plan of plans) {
        const [found] = await findMatches(t.db, [request], { plan });
        expect(ids(found!.rows), `${cls} "${q}" ${JSON.stringify(plan)}`).toEqual(expected);
      }
    }
  }, 120_000);

  it('lists the same assets and actions through the API, with and without filters', async () => {
    for (const { cls, q } of corpus) {
      const path = (p: string) => `${p}${p.includes('?') ? '&' : '?'}limit=50&search=${encodeURIComponent(q)}`;
      for (const [url, table, filter] of [
        ['/api/assets', 'assets', ''],
        ['/api/assets?condition=poor', 'assets', `AND condition = 'poor'`],
        ['/api/assets?type=hvac', 'assets', `AND type = 'hvac'`],
        ['/api/actions', 'actions', ''],
      ] as const) {
        const res = await getJson(t.app, path(url), cookie);
        expect(res.statusCode, res.body).toBe(200);
        expect(ids(res.json<{ id: string }[]>()), `${cls} "${q}" ${url}`).toEqual((await fullScan(table, q, filter)).slice(0, 50));
      }
    }
  }, 120_000);

  it('answers the global search with the exact matches first and true counts', async () => {
    for (const { cls, q } of corpus) {
      const res = await getJson(t.app, `/api/search?q=${encodeURIComponent(q)}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<SearchResponse>();
      const exact = await Promise.all((['assets', 'actions', 'meters'] as const).map((table) => fullScan(table, q)));
      const found = exact.reduce((n, list) => n + list.length, 0);
      (['assets', 'actions', 'meters'] as const).forEach((list, i) => {
        const expected = exact[i]!.slice(0, 20);
        // Fewer than a page in all: corrections may follow the exact matches.
        const got = ids(body[list]).slice(0, found >= 20 ? 20 : expected.length);
        expect(got, `${cls} "${q}" ${list}`).toEqual(expected);
        if (found >= 20) expect(body.totals[list], `${cls} "${q}" ${list}`).toBe(Math.min(exact[i]!.length, SEARCH_COUNT_LIMIT + 1));
      });
    }
  }, 120_000);
});
