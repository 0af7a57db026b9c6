import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app';
import { connectDatabase } from '../db/client';
import { sessions } from '../db/schema';
import { SESSION_CACHE_MS } from '../modules/auth/sessions.repo';
import {
  createTestApp,
  getJson,
  HOUR,
  MINUTE,
  postJson,
  registerUser,
  signIn,
  type TestApp,
} from '../../../tests/setup/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const status = async (cookie: string) => (await getJson(t.app, '/api/user', cookie)).statusCode;

describe('sessions', () => {
  it('rotates the session at sign-in: the cookie sent along stops working', async () => {
    const first = await registerUser(t.app);
    const second = await registerUser(t.app);
    const cookieA = first.cookie;

    const cookieB = await signIn(t.app, second.input.username, second.input.password, cookieA);
    expect(cookieB).not.toBe(cookieA);
    expect(await status(cookieA)).toBe(401);
    const me = await getJson(t.app, '/api/user', cookieB);
    expect(me.json().username).toBe(second.input.username);
  });

  it('stores only a hash of the token', async () => {
    const { user, cookie } = await registerUser(t.app);
    const token = cookie.split('=')[1]!;
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toContain(token);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('logout deletes the session and clears the cookie', async () => {
    const { user, cookie } = await registerUser(t.app);
    const res = await postJson(t.app, '/api/logout', {}, { cookie });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'sid')).toMatchObject({ value: '' });
    expect(await status(cookie)).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('ends a session idle for more than 30 minutes', async () => {
    const { cookie } = await registerUser(t.app);
    t.clock.advance(29 * MINUTE);
    expect(await status(cookie)).toBe(200);
    // Activity resets the idle timer.
    t.clock.advance(29 * MINUTE);
    expect(await status(cookie)).toBe(200);
    t.clock.advance(31 * MINUTE);
    expect(await status(cookie)).toBe(401);
    t.clock.advance(-31 * MINUTE);
    expect(await status(cookie)).toBe(401); // deleted, not merely hidden
  });

  it('ends an active session 12 hours after sign-in', async () => {
    const { cookie } = await registerUser(t.app);
    for (let minute = 10; minute < 12 * 60; minute += 10) {
      t.clock.advance(10 * MINUTE);
      expect(await status(cookie), `after ${minute} minutes`).toBe(200);
    }
    t.clock.advance(11 * MINUTE); // 12 h 01 min after sign-in, 11 minutes after the last request
    expect(await status(cookie)).toBe(401);
  });

  it('survives a restart: a new app and pool on the same database accept the cookie', async () => {
    const { input, user, cookie } = await registerUser(t.app);
    const database = connectDatabase(t.databaseUrl);
    const restarted = await buildApp({ config: t.config, db: database.db, now: t.clock.now });
    try {
      const me = await getJson(restarted, '/api/user', cookie);
      expect(me.statusCode).toBe(200);
      expect(me.json().id).toBe(user.id);
      // A session started on the second process works on the first one too.
      const other = await signIn(restarted, input.username, input.password);
      expect(await status(other)).toBe(200);
    } finally {
      await restarted.close();
      await database.close();
    }
  });

  it('a sign-out on another process reaches this one within SESSION_CACHE_MS', async () => {
    const { input, cookie } = await registerUser(t.app);
    expect(await status(cookie)).toBe(200); // now cached by this process
    const database = connectDatabase(t.databaseUrl);
    const other = await buildApp({ config: t.config, db: database.db, now: t.clock.now });
    try {
      expect((await postJson(other, '/api/logout', {}, { cookie })).statusCode).toBe(204);
      expect(await status(cookie)).toBe(200);
      t.clock.advance(SESSION_CACHE_MS);
      expect(await status(cookie)).toBe(401);
      // Signing in again works at once everywhere: a new token is never in any cache.
      const fresh = await signIn(other, input.username, input.password);
      expect(await status(fresh)).toBe(200);
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('honours the configured lifetimes', async () => {
    const short = await createTestApp({ env: { SESSION_IDLE_MINUTES: '5', SESSION_ABSOLUTE_HOURS: '1' } });
    try {
      const { cookie } = await registerUser(short.app);
      short.clock.advance(6 * MINUTE);
      expect((await getJson(short.app, '/api/user', cookie)).statusCode).toBe(401);

      const second = await registerUser(short.app);
      for (let i = 0; i < 14; i++) {
        short.clock.advance(4 * MINUTE);
        expect((await getJson(short.app, '/api/user', second.cookie)).statusCode).toBe(200);
      }
      short.clock.advance(HOUR - 14 * 4 * MINUTE);
      expect((await getJson(short.app, '/api/user', second.cookie)).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});
