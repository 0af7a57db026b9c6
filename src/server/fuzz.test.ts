import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, registerUser, type TestApp } from '../../tests/setup/test-app';
import { insertAsset, insertLocation } from '../../tests/factories/register';

/**
 * Bad-input campaign over every route the server registers (REL-FUZZ-1, SEC-IN-1..3): malformed
 * bodies, queries and path ids, wrong content types. Properties: never a 5xx; every 4xx is JSON with
 * a readable `message`. Deterministic for a seed (printed), so any failure can be replayed.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES ?? 60);

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIELD_NAMES = [
  'name', 'type', 'parentId', 'locationId', 'assetId', 'assessmentId', 'actionId', 'meterId', 'condition', 'status',
  'priority', 'category', 'title', 'reading', 'readingDate', 'multiplier', 'meterNumber', 'unit', 'defects', 'customFields',
  'metadata', 'gpsLat', 'username', 'password', 'fullName', 'role', 'email', 'reportType', 'format', 'key', 'filename',
  'size', 'contentType', 'confirmReset', 'installDate', 'targetDate', 'createdBy', 'id', 'limit', 'cursor', 'q', 'search',
];

/** Percent-encodes, sending a lone surrogate as the invalid UTF-8 it would be on the wire. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

export function makeGenerators(random: () => number, realIds: string[]) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const scalars: Array<() => unknown> = [
    () => '',
    () => ' ',
    () => 'x'.repeat(1 + Math.floor(random() * 300)),
    () => 'y'.repeat(6000),
    () => '\ud800',
    () => 'a\u0000b',
    () => '<img src=x onerror=alert(1)>',
    () => "' OR 1=1--",
    () => '%_\\',
    () => '=HYPERLINK("http://x")',
    () => 0,
    () => -1,
    () => -0,
    () => 1e308,
    () => 2 ** 53,
    () => 2 ** 31,
    () => 3.7,
    () => true,
    () => null,
    () => [],
    () => ({}),
    () => pick(realIds),
    () => crypto.randomUUID(),
    () => 'not-a-uuid',
    () => '2026-13-45',
    () => '2026-11-22T10:00:00Z',
    () => pick(['organisation', 'site', 'good', 'poor', 'open', 'high', 'electricity', 'asset_register', 'xlsx', 'surveyor', 'all']),
  ];
  const value = (depth = 0): unknown => {
    const r = random();
    if (depth < 2 && r < 0.1) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
    if (depth < 2 && r < 0.2) return object(depth + 1);
    return pick(scalars)();
  };
  const object = (depth = 0): Record<string, unknown> => {
    const o: Record<string, unknown> = {};
    const n = Math.floor(random() * 8);
    for (let i = 0; i < n; i++) o[pick(FIELD_NAMES)] = value(depth);
    if (random() < 0.05) Object.defineProperty(o, '__proto__', { value: { polluted: true }, enumerable: true });
    return o;
  };
  const body = (): string => {
    const r = random();
    if (r < 0.05) return '{"broken": ';
    if (r < 0.1) return JSON.stringify(value());
    if (r < 0.13) return '{"__proto__": {"polluted": true}}';
    if (r < 0.15) return JSON.stringify({ name: 'z'.repeat(1_100_000) });
    return JSON.stringify(object());
  };
  const pathId = () => pick([...realIds, crypto.randomUUID(), 'not-a-uuid', '..%2F..%2Fetc%2Fpasswd', '%00', 'x'.repeat(500), '1', "'"]);
  const query = (): string => {
    const parts: string[] = [];
    const n = Math.floor(random() * 4);
    for (let i = 0; i < n; i++) parts.push(`${pick(FIELD_NAMES)}=${encode(String(value()))}`);
    if (random() < 0.1) parts.push('limit=1&limit=2');
    if (random() < 0.1) parts.push('q=ab&q=cd');
    return parts.length ? `?${parts.join('&')}` : '';
  };
  const contentType = () => pick(['application/json', 'application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded', undefined]);
  return { body, pathId, query, contentType };
}

let t: TestApp;
let cookie: string;
const routes: Array<{ method: string; url: string }> = [];
const realIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', READ_RATE_LIMIT_PER_MINUTE: '100000' },
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url });
      }
    },
  });
  const registered = await registerUser(t.app);
  cookie = registered.cookie;
  const site = await insertLocation(t.db);
  const asset = await insertAsset(t.db, registered.user.id, { location: site });
  realIds.push(site.id, asset.id, registered.user.id);
});
afterAll(() => t.close());

describe('bad input over every route', () => {
  it('never answers 5xx, and every 4xx is JSON with a message', async () => {
    const random = prng(SEED);
    const gen = makeGenerators(random, realIds);
    const failures: string[] = [];
    let requests = 0;
    // Sign-out last: it would end the session the other routes are fuzzed with.
    const ordered = [...routes].sort((a, b) => Number(a.url === '/api/logout') - Number(b.url === '/api/logout'));
    for (const route of ordered) {
      for (let i = 0; i < CASES_PER_ROUTE; i++) {
        const url = route.url.replace(/:[a-zA-Z]+/g, () => gen.pathId()) + gen.query();
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        const contentType = hasBody ? gen.contentType() : undefined;
        let res: LightMyRequestResponse;
        try {
          res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: { cookie, ...(contentType && { 'content-type': contentType }) },
            ...(hasBody && { payload: gen.body() }),
          });
        } catch (err) {
          failures.push(`${route.method} ${url}: threw ${String(err)}`);
          continue;
        }
        requests++;
        if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400 && !/"message":"[^"]+/.test(res.body)) {
          failures.push(`${route.method} ${route.url} → ${res.statusCode} without a readable message: ${res.body.slice(0, 120)}`);
        }
      }
    }
    console.log(`fuzz: ${requests} requests over ${routes.length} routes, ${failures.filter((f) => / → 5\d\d/.test(f)).length} server errors (seed ${SEED})`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(failures).toEqual([]);
  }, 240_000);
});
