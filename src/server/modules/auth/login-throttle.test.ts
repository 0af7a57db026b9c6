import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginFailures } from '../../db/schema';
import { FAILURE_WINDOW_MS, loginThrottle, MAX_FAILURES } from './login-throttle';
import { createTestApp, MINUTE, newUser, postJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(async () => {
  await t?.close();
});

const login = (app: TestApp['app'], username: string, password: string, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username, password }),
  });

describe('sign-in throttling per username', () => {
  it('after 5 failures refuses even the right password with 429 until 15 minutes pass', async () => {
    const { input } = await registerUser(t.app);
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, input.username, `wrong-${i}`)).statusCode).toBe(401);
    }

    const locked = await login(t.app, input.username, input.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: 'Too many failed sign-in attempts for this username. Try again in 15 minutes.' });
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    expect(locked.headers['set-cookie']).toBeUndefined();

    // A different letter case is the same username.
    expect((await login(t.app, input.username.toUpperCase(), input.password)).statusCode).toBe(429);

    t.clock.advance(14 * MINUTE);
    const later = await login(t.app, input.username, input.password);
    expect(later.statusCode).toBe(429);
    expect(later.json().message).toMatch(/Try again in 1 minute\./);
    expect(Number(later.headers['retry-after'])).toBe(60);

    t.clock.advance(1 * MINUTE);
    expect((await login(t.app, input.username, input.password)).statusCode).toBe(200);
  });

  it('throttles unknown usernames the same way, so the answer reveals nothing', async () => {
    const known = await registerUser(t.app);
    const unknown = `ghost_${Date.now()}`;
    for (let i = 0; i < 5; i++) {
      const [a, b] = await Promise.all([login(t.app, unknown, `wrong-${i}`), login(t.app, known.input.username, `wrong-${i}`)]);
      expect([a.statusCode, b.statusCode]).toEqual([401, 401]);
      expect(a.body).toBe(b.body);
    }
    const [a, b] = await Promise.all([login(t.app, unknown, 'whatever'), login(t.app, known.input.username, known.input.password)]);
    expect([a.statusCode, b.statusCode]).toEqual([429, 429]);
    expect(a.body).toBe(b.body);
    expect(a.headers['retry-after']).toBe(b.headers['retry-after']);
  });

  it('a successful sign-in clears earlier failures', async () => {
    const { input } = await registerUser(t.app);
    for (let i = 0; i < 4; i++) await login(t.app, input.username, `wrong-${i}`);
    expect((await login(t.app, input.username, input.password)).statusCode).toBe(200);
    expect((await login(t.app, input.username, 'wrong-again')).statusCode).toBe(401);
    expect((await login(t.app, input.username, input.password)).statusCode).toBe(200);
  });
});

describe('parallel guesses', () => {
  it('25 wrong passwords sent at once for one username: 5 × 401, then 429, and the right password is refused too', async () => {
    const { input } = await registerUser(t.app);
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => login(t.app, input.username, `parallel-guess-${i}`)));
    const statuses = answers.map((a) => a.statusCode);
    console.log(`login-throttle: 25 parallel wrong passwords for one username: ${statuses.filter((s) => s === 401).length} × 401, ${statuses.filter((s) => s === 429).length} × 429`);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect((await login(t.app, input.username, input.password)).statusCode).toBe(429);
  });

  it('a right password among parallel guesses gets at most the same 5 checks', async () => {
    const { input } = await registerUser(t.app);
    const passwords = [...Array.from({ length: 12 }, (_, i) => `guess-${i}`), input.password];
    const answers = await Promise.all(passwords.map((p) => login(t.app, input.username, p)));
    const checked = answers.filter((a) => a.statusCode === 200 || a.statusCode === 401);
    expect(checked.length).toBeLessThanOrEqual(MAX_FAILURES + 1);
    expect(answers.every((a) => [200, 401, 429].includes(a.statusCode))).toBe(true);
  });
});

describe('pruning', () => {
  it('deletes failures older than the window and keeps younger ones', async () => {
    const throttle = loginThrottle(t.db);
    const key = `prune_${Date.now()}`;
    const now = t.clock.now();
    await t.db.insert(loginFailures).values([
      { usernameKey: key, ip: '192.0.2.1', failedAt: new Date(now.getTime() - FAILURE_WINDOW_MS - MINUTE) },
      { usernameKey: key, ip: '192.0.2.1', failedAt: new Date(now.getTime() - MINUTE) },
    ]);
    expect(await throttle.prune(now)).toBeGreaterThanOrEqual(1);
    const left = await t.db.select().from(loginFailures).where(eq(loginFailures.usernameKey, key));
    expect(left.map((r) => r.failedAt.getTime())).toEqual([now.getTime() - MINUTE]);
  });
});

describe('per-IP rate limit on /api/login and /api/register', () => {
  it('answers the 6th request in a minute from one address with 429 JSON', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '5' } });
    try {
      for (let i = 0; i < 5; i++) {
        expect((await login(limited.app, `someone_${i}`, 'wrong password')).statusCode).toBe(401);
      }
      const sixth = await login(limited.app, 'someone_else', 'wrong password');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.headers['content-type']).toMatch(/^application\/json/);
      expect(sixth.json()).toEqual({ message: expect.stringMatching(/^Too many requests\. Try again in /) });
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);

      // Another address is not affected.
      expect((await login(limited.app, 'someone_else', 'wrong password', '192.0.2.7')).statusCode).toBe(401);

      // Registration has the same limit; invalid attempts count too.
      for (let i = 0; i < 5; i++) {
        expect((await postJson(limited.app, '/api/register', newUser({ password: 'short' }))).statusCode).toBe(400);
      }
      const register = await postJson(limited.app, '/api/register', newUser());
      expect(register.statusCode).toBe(429);
      expect(register.json().message).toMatch(/^Too many requests/);
    } finally {
      await limited.close();
    }
  });
});
