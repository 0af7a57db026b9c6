import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import {
  createTestApp,
  getJson,
  newUser,
  parseLogs,
  postJson,
  registerUser,
  sessionCookie,
  signIn,
  type TestApp,
} from '../../../../tests/setup/test-app';

let t: TestApp;

beforeAll(async () => {
  // A high per-IP limit: this file signs in many times from one address (the limit has its own test).
  t = await createTestApp({ captureLogs: true, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t?.close();
});

const userRow = async (username: string) => (await t.db.select().from(users).where(eq(users.username, username)))[0];
const usernameCount = async (username: string) =>
  (await t.db.select().from(users).where(eq(sql`lower(${users.username})`, username.toLowerCase()))).length;

describe('GET /api/user', () => {
  it('answers 401 with a message when signed out', async () => {
    const res = await getJson(t.app, '/api/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not signed in' });
  });

  it('answers 401 for an unknown session token', async () => {
    const res = await getJson(t.app, '/api/user', 'sid=' + 'A'.repeat(43));
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/register', () => {
  it('creates the user, answers 201 without any password field and signs in', async () => {
    const input = newUser({ fullName: 'Alice Mary Smith', email: 'alice@example.com', role: 'asset_manager' });
    const res = await postJson(t.app, '/api/register', input);

    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['areas', 'createdAt', 'email', 'fullName', 'id', 'permissions', 'role', 'status', 'username']);
    expect(body).toMatchObject({ username: input.username, fullName: 'Alice Mary Smith', email: 'alice@example.com', role: 'asset_manager' });
    expect(res.body.toLowerCase()).not.toContain('password');
    expect(res.body).not.toContain(input.password);

    const me = await getJson(t.app, '/api/user', sessionCookie(res));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body);
  });

  it('sets an HttpOnly, SameSite=Lax, Path=/ cookie without Secure over http', async () => {
    const res = await postJson(t.app, '/api/register', newUser());
    const setCookie = [res.headers['set-cookie']].flat().join('\n');
    const [cookie] = res.cookies;

    expect(res.cookies).toHaveLength(1);
    expect(cookie).toMatchObject({ name: 'sid', path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 12 * 3600 });
    expect(cookie!.secure).toBeFalsy();
    expect(cookie!.domain).toBeUndefined();
    expect(setCookie).not.toMatch(/;\s*Secure/i);
    // 32 random bytes in base64url; never echoed in the body.
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(res.body).not.toContain(cookie!.value);
  });

  it('over https (behind a trusted proxy) uses a Secure __Host-sid cookie', async () => {
    const input = newUser();
    const res = await postJson(t.app, '/api/register', input, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.statusCode).toBe(201);
    const [cookie] = res.cookies;
    expect(res.cookies).toHaveLength(1);
    expect(cookie).toMatchObject({ name: '__Host-sid', path: '/', httpOnly: true, secure: true, sameSite: 'Lax' });
    expect(cookie!.domain).toBeUndefined();
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(res.body).not.toContain(cookie!.value);

    const login = await postJson(t.app, '/api/login', { username: input.username, password: input.password }, { headers: { 'x-forwarded-proto': 'https' } });
    expect(login.cookies[0]).toMatchObject({ name: '__Host-sid', secure: true });
    expect(login.body).not.toContain(login.cookies[0]!.value);
    expect((await getJson(t.app, '/api/user', sessionCookie(login), { headers: { 'x-forwarded-proto': 'https' } })).statusCode).toBe(200);
  });

  it('refuses a taken username in any letter case with 409', async () => {
    const { input } = await registerUser(t.app, { username: `Dup_${Date.now()}` });
    const res = await postJson(t.app, '/api/register', newUser({ username: input.username.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Username already exists', errors: { username: 'Username already exists' } });
    expect(await usernameCount(input.username)).toBe(1);
  });

  it.each([
    [
      'missing fields',
      {},
      {
        fullName: 'Full name is required',
        username: 'Username is required',
        password: 'Password is required',
        role: 'Role is required',
      },
    ],
    ['a short password', { password: 'abc1234' }, { password: 'Password must be at least 8 characters' }],
    ['a password over 128 characters', { password: 'x'.repeat(129) }, { password: 'Password must be at most 128 characters' }],
    ['an invalid email', { email: 'not-an-email' }, { email: 'Enter a valid email address' }],
    ['an unknown role', { role: 'superuser' }, { role: expect.any(String) }],
    ['a username with spaces', { username: 'has space' }, { username: 'Username may contain letters, digits and . _ @ - only' }],
  ])('refuses %s with 400 and a message per field', async (_case, fields, errors) => {
    const input = Object.keys(fields).length === 0 ? {} : { ...newUser(), ...fields };
    const res = await postJson(t.app, '/api/register', input);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors).toEqual(errors);
    if ('username' in input && typeof input.username === 'string') expect(await usernameCount(input.username)).toBe(0);
  });

  it('accepts a blank or missing email and stores null', async () => {
    const blank = await registerUser(t.app, { email: '' });
    expect(blank.user.email).toBeNull();
    expect((await userRow(blank.input.username))!.email).toBeNull();

    const { email: _omitted, ...withoutEmail } = newUser();
    const res = await postJson(t.app, '/api/register', withoutEmail);
    expect(res.statusCode).toBe(201);
    expect(res.json().email).toBeNull();
  });

  it.each([['password1'], ['qwertyuiop'], ['QwertyUIOP']])('refuses the common password %s', async (password) => {
    const input = newUser({ password });
    const res = await postJson(t.app, '/api/register', input);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toMatch(/too common/);
    expect(await usernameCount(input.username)).toBe(0);
  });

  it('ignores a client-supplied id and createdAt', async () => {
    const forgedId = '00000000-0000-4000-8000-000000000001';
    const res = await postJson(t.app, '/api/register', { ...newUser(), id: forgedId, createdAt: '2000-01-01T00:00:00.000Z' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.id).not.toBe(forgedId);
    expect(body.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    const row = (await userRow(body.username))!;
    expect(row.id).toBe(body.id);
    expect(row.createdAt.getFullYear()).toBeGreaterThan(2000);
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password and answers the user', async () => {
    const { input, user } = await registerUser(t.app);
    const res = await postJson(t.app, '/api/login', { username: input.username, password: input.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(user);
    const me = await getJson(t.app, '/api/user', sessionCookie(res));
    expect(me.json()).toEqual(user);
  });

  it('matches the username in any letter case', async () => {
    const { input } = await registerUser(t.app, { username: `MixedCase_${Date.now()}` });
    await expect(signIn(t.app, input.username.toLowerCase(), input.password)).resolves.toMatch(/^sid=/);
  });

  it('answers a wrong password and an unknown username with the same 401 body', async () => {
    const { input } = await registerUser(t.app);
    const wrong = await postJson(t.app, '/api/login', { username: input.username, password: 'not the password' });
    const unknown = await postJson(t.app, '/api/login', { username: `nobody_${Date.now()}`, password: 'not the password' });

    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid username or password' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses missing fields with 400 per field', async () => {
    const res = await postJson(t.app, '/api/login', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('accepts a 128-character password', async () => {
    const password = 'p@ss-'.repeat(26).slice(0, 128);
    const { input } = await registerUser(t.app, { password });
    expect(input.password).toHaveLength(128);
    await expect(signIn(t.app, input.username, password)).resolves.toMatch(/^sid=/);
  });

  it('compares every character: two 100-character passwords differing in the last do not both work', async () => {
    const base = 'long-passphrase-'.repeat(7).slice(0, 99);
    const { input } = await registerUser(t.app, { password: `${base}A` });
    expect(input.password).toHaveLength(100);
    const other = await postJson(t.app, '/api/login', { username: input.username, password: `${base}B` });
    expect(other.statusCode).toBe(401);
    await expect(signIn(t.app, input.username, `${base}A`)).resolves.toMatch(/^sid=/);
  });

  it('verifies the password exactly as typed (no trimming)', async () => {
    const { input } = await registerUser(t.app, { password: ' spaced password ' });
    const trimmed = await postJson(t.app, '/api/login', { username: input.username, password: 'spaced password' });
    expect(trimmed.statusCode).toBe(401);
  });
});

describe('password storage and audit logging', () => {
  it('stores a salted scrypt hash (N=2^17, r=8, p=1): the same password gives different hashes', async () => {
    const password = 'same password for both';
    const a = await registerUser(t.app, { password });
    const b = await registerUser(t.app, { password });
    const [rowA, rowB] = [(await userRow(a.input.username))!, (await userRow(b.input.username))!];

    for (const row of [rowA, rowB]) {
      expect(row.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
      expect(row.passwordHash).not.toContain(password);
    }
    expect(rowA.passwordHash).not.toBe(rowB.passwordHash);
    expect(rowA.passwordHash.split('$')[4]).not.toBe(rowB.passwordHash.split('$')[4]);
  });

  it('logs every register, login and logout without the password or the session token', async () => {
    const password = 'Unmistakable-Pa55word-in-logs';
    const reg = await postJson(t.app, '/api/register', newUser({ password }));
    const { username } = reg.json();
    const regToken = sessionCookie(reg).split('=')[1]!;
    const failed = await postJson(t.app, '/api/login', { username, password: `${password}-wrong` });
    const ok = await postJson(t.app, '/api/login', { username, password }, { cookie: sessionCookie(reg) });
    const loginToken = sessionCookie(ok).split('=')[1]!;
    const out = await postJson(t.app, '/api/logout', {}, { cookie: sessionCookie(ok) });
    expect([reg.statusCode, failed.statusCode, ok.statusCode, out.statusCode]).toEqual([201, 401, 200, 204]);

    const all = t.logs.join('\n');
    expect(all).not.toContain(password);
    expect(all).not.toContain(regToken);
    expect(all).not.toContain(loginToken);

    const events = parseLogs(t.logs).filter((l) => l.msg === 'auth' && (l.username === username || l.event === 'logout'));
    const summary = events.map((e) => `${String(e.event)}:${String(e.outcome)}`);
    expect(summary).toEqual(expect.arrayContaining(['register:success', 'login:failure', 'login:success', 'logout:success']));
    for (const e of events) {
      expect(e).toMatchObject({ ip: '127.0.0.1', time: expect.any(Number) });
    }
  });
});
