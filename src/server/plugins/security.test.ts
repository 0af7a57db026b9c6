import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { loginFailures, sessions, users } from '../db/schema';
import { createTestApp, getJson, newUser, postJson, registerUser, type TestApp } from '../../../tests/setup/test-app';

let t: TestApp;
let cookie: string;
const routes: Array<{ method: string; url: string }> = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { TRUST_PROXY: '1' },
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
  });
  ({ cookie } = await registerUser(t.app));
});
afterAll(async () => {
  await t?.close();
});

const rowCounts = async () => ({
  users: (await t.db.select({ n: count() }).from(users))[0]!.n,
  sessions: (await t.db.select({ n: count() }).from(sessions))[0]!.n,
  loginFailures: (await t.db.select({ n: count() }).from(loginFailures))[0]!.n,
});

describe('deny by default', () => {
  // The only /api routes reachable without a session. Anything added later must answer 401 until classified here.
  const PUBLIC = new Set([
    'GET /api/user',
    'HEAD /api/user',
    'POST /api/login',
    'POST /api/register',
    'GET /api/health',
    'HEAD /api/health',
    'GET /api/openapi.json',
    'HEAD /api/openapi.json',
    'GET /api/registration',
    'HEAD /api/registration',
    'POST /api/password-reset',
    'POST /api/invites/lookup',
    // A calendar app has no session: the secret token in the path is the credential.
    'GET /api/calendar/:file',
    'HEAD /api/calendar/:file',
  ]);

  const concrete = (url: string) =>
    url.replace(/:[A-Za-z0-9_]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'anything');

  const request = (method: string, url: string) =>
    t.app.inject({
      method: method as 'GET',
      url,
      ...(['GET', 'HEAD', 'OPTIONS'].includes(method) ? {} : { headers: { 'content-type': 'application/json' }, payload: '{}' }),
    });

  it('knows the route table', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(expect.arrayContaining([...PUBLIC, 'POST /api/logout']));
  });

  it('answers 401 without a session on every /api route but the public ones', async () => {
    const protectedRoutes = routes.filter((r) => r.url.startsWith('/api/') && !PUBLIC.has(`${r.method} ${r.url}`));
    expect(protectedRoutes.length).toBeGreaterThan(0);
    for (const { method, url } of protectedRoutes) {
      const res = await request(method, concrete(url));
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      if (method !== 'HEAD') expect(res.json(), `${method} ${url}`).toEqual({ message: 'Not signed in' });

      // The router decodes percent-escapes; an encoded path must meet the same check.
      const encoded = await request(method, concrete(url).replace(/^\/api\//, '/%61pi/'));
      expect(encoded.statusCode, `${method} ${url} (percent-encoded)`).toBe(401);
    }
  });

  it('lets the public routes answer without a session', async () => {
    expect((await getJson(t.app, '/api/health')).statusCode).toBe(200);
    expect((await getJson(t.app, '/api/user')).statusCode).toBe(401);
    expect((await postJson(t.app, '/api/login', {})).statusCode).toBe(400);
    expect((await postJson(t.app, '/api/register', {})).statusCode).toBe(400);
    expect((await getJson(t.app, '/api/registration')).statusCode).toBe(200);
    expect((await postJson(t.app, '/api/password-reset', { token: 'x', password: 'a long passphrase' })).statusCode).toBe(404);
    expect((await postJson(t.app, '/api/invites/lookup', { token: 'x' })).statusCode).toBe(404);
  });

  it.each([['GET'], ['POST'], ['DELETE']])('answers an unknown /api path (%s) with 404 JSON', async (method) => {
    const res = await request(method, '/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

describe('cross-site request forgery', () => {
  it.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['no content type', undefined],
  ])('refuses a register or login sent as %s with 415 and changes nothing', async (_name, contentType) => {
    const before = await rowCounts();
    const input = newUser();
    for (const url of ['/api/register', '/api/login']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: contentType ? { 'content-type': contentType } : {},
        payload: JSON.stringify(input),
      });
      expect(res.statusCode, url).toBe(415);
      expect(res.json().message).toMatch(/JSON/);
    }
    expect(await rowCounts()).toEqual(before);
  });

  // The spec's client (§7) sends POST /api/logout and POST /api/objects/upload with no body and no
  // Content-Type. They work from our own origin, and only from it (SEC-CSRF-2, SEC-CSRF-3).
  const bodiless = (url: string, session: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: session, ...headers } });
  const ownOrigin = { host: 'assets.example:5000', origin: 'http://assets.example:5000', 'sec-fetch-site': 'same-origin' };

  it('accepts a bodiless same-origin logout, as the spec\'s client sends it, and ends the session', async () => {
    const { cookie: own } = await registerUser(t.app);
    const res = await bodiless('/api/logout', own, ownOrigin);
    expect(res.statusCode, res.body).toBe(204);
    expect((await getJson(t.app, '/api/user', own)).statusCode).toBe(401);
  });

  it('accepts a bodiless logout from a client that sends no Origin at all (not a browser)', async () => {
    const { cookie: own } = await registerUser(t.app);
    expect((await bodiless('/api/logout', own)).statusCode).toBe(204);
    expect((await getJson(t.app, '/api/user', own)).statusCode).toBe(401);
  });

  it('accepts a bodiless same-origin upload request and answers an upload URL', async () => {
    const res = await bodiless('/api/objects/upload', cookie, ownOrigin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ uploadURL: expect.any(String), key: expect.stringMatching(/^uploads\//), method: 'PUT' });
  });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['an Origin of another scheme', { host: 'assets.example:5000', origin: 'https://assets.example:5000' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['a malformed Origin', { origin: 'null' }],
  ])('refuses a bodiless logout with %s (403), keeping the session', async (_name, headers) => {
    const res = await bodiless('/api/logout', cookie, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused' });
    expect((await getJson(t.app, '/api/user', cookie)).statusCode).toBe(200);
  });

  it('refuses a bodiless cross-site upload request (403)', async () => {
    const res = await bodiless('/api/objects/upload', cookie, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
  });

  it.each([['application/x-www-form-urlencoded'], ['text/plain'], ['multipart/form-data; boundary=x']])(
    'refuses an empty body that names %s (an HTML form without fields) with 415',
    async (contentType) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, 'content-type': contentType }, payload: '' });
      expect(res.statusCode).toBe(415);
      expect((await getJson(t.app, '/api/user', cookie)).statusCode).toBe(200);
    },
  );

  it('refuses a foreign Origin with 403', async () => {
    const before = await rowCounts();
    const res = await postJson(t.app, '/api/register', newUser(), { headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused' });
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses Sec-Fetch-Site: cross-site with 403', async () => {
    const res = await postJson(t.app, '/api/logout', {}, { cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(403);
    expect((await getJson(t.app, '/api/user', cookie)).statusCode).toBe(200);
  });

  it('accepts a same-origin request', async () => {
    const { cookie: own } = await registerUser(t.app);
    const res = await postJson(t.app, '/api/logout', {}, {
      cookie: own,
      headers: { host: 'assets.example:5000', origin: 'http://assets.example:5000', 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(204);
  });

  it('grants no CORS to a foreign preflight', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('security headers', () => {
  const samples: Array<[string, () => Promise<LightMyRequestResponse>, number]> = [
    ['health', () => getJson(t.app, '/api/health'), 200],
    ['signed-in user', () => getJson(t.app, '/api/user', cookie), 200],
    ['signed out', () => getJson(t.app, '/api/user'), 401],
    ['unknown path', () => getJson(t.app, '/api/nope'), 404],
    ['validation error', () => postJson(t.app, '/api/login', {}), 400],
    ['non-api 404', () => getJson(t.app, '/nowhere'), 404],
  ];

  it.each(samples)('are on the %s response', async (_name, send, expected) => {
    const res = await send();
    expect(res.statusCode).toBe(expected);
    const csp = String(res.headers['content-security-policy']);
    for (const directive of ["default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "worker-src 'self'", "manifest-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    // WebAssembly compilation for the scanner's decoder (ADR 027), and nothing else unsafe: no eval, no inline scripts.
    expect(csp.match(/script-src[^;]*/)![0].replace("'wasm-unsafe-eval'", '')).not.toMatch(/unsafe/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined(); // plain http
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('mark every /api response no-store', async () => {
    for (const [, send] of samples.filter(([name]) => name !== 'non-api 404')) {
      expect((await send()).headers['cache-control']).toBe('no-store');
    }
  });

  it('add HSTS over https', async () => {
    const res = await getJson(t.app, '/api/health', undefined, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000; includeSubDomains/);
  });
});

describe('request bodies', () => {
  it('refuses a 2 MiB JSON body with 413', async () => {
    const res = await postJson(t.app, '/api/login', { username: 'someone', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a", "password":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('refuses an empty JSON body with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { 'content-type': 'application/json', cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it.each([
    ['__proto__', '{"username":"a","password":"bbbbbbbb","__proto__":{"x":1}}'],
    ['constructor.prototype', '{"username":"a","password":"bbbbbbbb","constructor":{"prototype":{"x":1}}}'],
  ])('refuses a %s key with 400 and pollutes nothing', async (_name, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
