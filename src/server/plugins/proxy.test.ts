import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getJson, newUser, postJson, registerUser, type TestApp } from '../../../tests/setup/test-app';

/**
 * TRUST_PROXY decides which hops of X-Forwarded-For / -Proto are believed (SEC: per-IP limits, audit
 * IPs, Secure cookies and HSTS behind a TLS proxy). A client must never be able to choose its own IP.
 */

const FORWARDED_HTTPS = { 'x-forwarded-proto': 'https' };

/** Sign-in attempts for unknown users from one client; counts the 429s the per-IP limit gives. */
async function throttledAttempts(t: TestApp, attempts: number, headersFor: (i: number) => Record<string, string>, remoteAddress = '127.0.0.1') {
  let throttled = 0;
  for (let i = 0; i < attempts; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      headers: { 'content-type': 'application/json', ...headersFor(i) },
      payload: JSON.stringify({ username: `nobody${i}`, password: 'wrong password here' }),
    });
    if (res.statusCode === 429) throttled++;
  }
  return throttled;
}

describe('TRUST_PROXY=false (the default): forwarded headers are ignored', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => t?.close());

  it('counts a client by its socket address whatever X-Forwarded-For says', async () => {
    // A new forged address on every request would dodge the per-IP limit if it were believed.
    expect(await throttledAttempts(t, 5, (i) => ({ 'x-forwarded-for': `198.51.100.${i}` }))).toBe(2);
  });

  it('gives a plain cookie and no HSTS when a client claims HTTPS', async () => {
    const res = await postJson(t.app, '/api/register', newUser(), { headers: FORWARDED_HTTPS });
    expect(res.statusCode).toBe(201);
    expect(res.cookies.map((c) => c.name)).toEqual(['sid']);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => t?.close());

  it('takes the address the proxy appended, not the ones the client wrote before it', async () => {
    // The proxy appends the real client address; whatever the client sent comes before it.
    expect(await throttledAttempts(t, 5, (i) => ({ 'x-forwarded-for': `10.9.9.${i}, 203.0.113.7` }))).toBe(2);
    // Another real client behind the same proxy has its own allowance.
    expect(await throttledAttempts(t, 1, () => ({ 'x-forwarded-for': '203.0.113.8' }))).toBe(0);
  });

  it('marks the session cookie Secure with the __Host- prefix and sends HSTS over HTTPS', async () => {
    const res = await postJson(t.app, '/api/register', newUser(), { headers: FORWARDED_HTTPS });
    expect(res.statusCode).toBe(201);
    const [cookie] = res.cookies;
    expect(cookie).toMatchObject({ name: '__Host-sid', secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(cookie!.domain).toBeUndefined();
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=31536000; includeSubDomains/);
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8', AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => t?.close());

  it('ignores X-Forwarded-For from an address that is not a listed proxy', async () => {
    expect(await throttledAttempts(t, 5, (i) => ({ 'x-forwarded-for': `198.51.100.${i}` }), '192.0.2.1')).toBe(2);
  });

  it('believes a listed proxy', async () => {
    expect(await throttledAttempts(t, 3, (i) => ({ 'x-forwarded-for': `198.51.100.${100 + i}` }), '10.1.2.3')).toBe(0);
  });
});

describe('session cookie names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => t?.close());

  it('over HTTPS accepts only the __Host- cookie: a plain sid (planted over HTTP) is ignored', async () => {
    const { cookie } = await registerUser(t.app); // over plain HTTP: sid=<token>
    expect(cookie).toMatch(/^sid=/);
    expect((await getJson(t.app, '/api/user', cookie)).statusCode).toBe(200);
    const overHttps = await getJson(t.app, '/api/user', cookie, { headers: FORWARDED_HTTPS });
    expect(overHttps.statusCode).toBe(401);
    const asHostCookie = cookie.replace(/^sid=/, '__Host-sid=');
    expect((await getJson(t.app, '/api/user', asHostCookie, { headers: FORWARDED_HTTPS })).statusCode).toBe(200);
  });
});
