import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, getJson, newUser, postJson, registerUser, sessionCookie, signIn, type TestApp } from '../../../../tests/setup/test-app';
import type { User } from '../../../shared/contract/auth';
import type { AdminAuditEntry, Invite, ManagedUser, Settings } from '../../../shared/contract/users';
import type { RegistrationMode } from '../../../shared/domain/accounts';

/** Registration modes, the Users page's calls, invites, password resets, Settings and each user's account (ADR 024). */

const json = (method: InjectOptions['method'], url: string, cookie: string, body?: unknown): InjectOptions => ({
  method,
  url,
  headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
  ...(body !== undefined && { payload: JSON.stringify(body) }),
});
const tokenOf = (url: string) => new URL(url).hash.replace('#token=', '');

let t: TestApp;
let admin: { cookie: string; user: User };
const call = (options: InjectOptions) => t.app.inject(options);
const setMode = async (registrationMode: RegistrationMode) => {
  const res = await call(json('PATCH', '/api/settings', admin.cookie, { registrationMode }));
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerUser(t.app, { role: 'org_admin', fullName: 'Olive Admin' });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await setMode('open');
});

describe('registration modes', () => {
  it('open (the default): the chosen role stands and the user is signed in', async () => {
    expect((await getJson(t.app, '/api/registration')).json()).toEqual({ mode: 'open' });
    const { user } = await registerUser(t.app, { role: 'asset_manager' });
    expect(user).toMatchObject({ role: 'asset_manager', status: 'active' });
  });

  it('approval: the account waits, cannot sign in, and the admin decides the role', async () => {
    await setMode('approval');
    const input = newUser({ role: 'org_admin' });
    const res = await postJson(t.app, '/api/register', input);
    expect(res.statusCode).toBe(202);
    expect(res.cookies).toHaveLength(0);
    const applicant = res.json<User>();
    expect(applicant.status).toBe('pending');
    expect(Object.values(applicant.permissions).every((grant) => grant === 'none')).toBe(true);

    const login = await postJson(t.app, '/api/login', { username: input.username, password: input.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe('Your account is awaiting approval by an organisation admin.');

    const pending = await call(json('GET', '/api/users?status=pending', admin.cookie));
    const listed = pending.json<{ items: ManagedUser[] }>().items.find((u) => u.id === applicant.id);
    expect(listed).toMatchObject({ status: 'pending', requestedRole: 'org_admin', role: 'surveyor' });

    const approved = await call(json('POST', `/api/users/${applicant.id}/approve`, admin.cookie, { role: 'surveyor' }));
    expect(approved.json<ManagedUser>()).toMatchObject({ status: 'active', role: 'surveyor', requestedRole: null });
    await signIn(t.app, input.username, input.password);
  });

  it('approval: a rejected applicant is removed and the username is free again', async () => {
    await setMode('approval');
    const input = newUser();
    const applicant = (await postJson(t.app, '/api/register', input)).json<User>();
    const rejected = await call({ method: 'POST', url: `/api/users/${applicant.id}/reject`, headers: { cookie: admin.cookie } });
    expect(rejected.statusCode).toBe(204);
    const again = await call({ method: 'POST', url: `/api/users/${applicant.id}/reject`, headers: { cookie: admin.cookie } });
    expect(again.statusCode).toBe(404);
    await setMode('open');
    expect((await postJson(t.app, '/api/register', input)).statusCode).toBe(201);
  });

  it('closed and invite-only refuse a sign-up without an invite, with a reason', async () => {
    await setMode('closed');
    const closed = await postJson(t.app, '/api/register', newUser());
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe('Registration is closed. Ask an organisation admin for an account.');
    await setMode('invite');
    const inviteOnly = await postJson(t.app, '/api/register', newUser());
    expect(inviteOnly.statusCode).toBe(403);
    expect(inviteOnly.json().message).toMatch(/by invitation only/);
  });

  it('an invite signs up once, with the role the admin chose, in any mode', async () => {
    await setMode('closed');
    const made = await call(json('POST', '/api/invites', admin.cookie, { role: 'area_manager', email: 'new@example.com' }));
    expect(made.statusCode).toBe(201);
    const { invite, url } = made.json<{ invite: Invite; url: string }>();
    expect(url).toMatch(/\/invite#token=[\w-]{43}$/);
    expect(invite).toMatchObject({ role: 'area_manager', email: 'new@example.com', state: 'open', createdByName: 'Olive Admin' });

    const token = tokenOf(url);
    const preview = await postJson(t.app, '/api/invites/lookup', { token });
    expect(preview.json()).toMatchObject({ role: 'area_manager', email: 'new@example.com' });

    const res = await postJson(t.app, '/api/register', { ...newUser({ role: 'org_admin' }), inviteToken: token });
    expect(res.statusCode).toBe(201);
    expect(res.json<User>()).toMatchObject({ role: 'area_manager', status: 'active' });
    expect(res.cookies).toHaveLength(1);

    const twice = await postJson(t.app, '/api/register', { ...newUser(), inviteToken: token });
    expect(twice.statusCode).toBe(404);
    expect((await postJson(t.app, '/api/invites/lookup', { token })).statusCode).toBe(404);
    const listed = (await call(json('GET', '/api/invites', admin.cookie))).json<Invite[]>().find((i) => i.id === invite.id);
    expect(listed).toMatchObject({ state: 'used', usedByName: 'Test User' });
  });

  it('a revoked or expired invite no longer works', async () => {
    const revokedInvite = (await call(json('POST', '/api/invites', admin.cookie, { role: 'surveyor' }))).json<{ invite: Invite; url: string }>();
    expect((await call(json('DELETE', `/api/invites/${revokedInvite.invite.id}`, admin.cookie))).statusCode).toBe(204);
    expect((await postJson(t.app, '/api/register', { ...newUser(), inviteToken: tokenOf(revokedInvite.url) })).statusCode).toBe(404);

    const expiring = (await call(json('POST', '/api/invites', admin.cookie, { role: 'surveyor' }))).json<{ url: string }>();
    t.clock.advance(8 * 24 * 3_600_000);
    try {
      expect((await postJson(t.app, '/api/register', { ...newUser(), inviteToken: tokenOf(expiring.url) })).statusCode).toBe(404);
    } finally {
      t.clock.advance(-8 * 24 * 3_600_000);
    }
  });

  it('one invite used by two sign-ups at once makes one account', async () => {
    const { url } = (await call(json('POST', '/api/invites', admin.cookie, { role: 'surveyor' }))).json<{ url: string }>();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => postJson(t.app, '/api/register', { ...newUser(), inviteToken: tokenOf(url) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 404, 404, 404, 404]);
  });
});

describe('an install started outside open mode', () => {
  it('makes its very first account an org admin, then refuses others', async () => {
    const fresh = await createTestApp({ env: { REGISTRATION_MODE: 'closed' } });
    try {
      expect((await getJson(fresh.app, '/api/registration')).json()).toEqual({ mode: 'closed' });
      const first = await postJson(fresh.app, '/api/register', newUser({ role: 'surveyor' }));
      expect(first.statusCode).toBe(201);
      expect(first.json<User>()).toMatchObject({ role: 'org_admin', status: 'active' });
      expect((await postJson(fresh.app, '/api/register', newUser())).statusCode).toBe(403);
    } finally {
      await fresh.close();
    }
  });
});

describe('the Users page', () => {
  it('lists users with search, role and status filters and their last sign-in', async () => {
    const { input, user } = await registerUser(t.app, { fullName: 'Findable Fiona', role: 'area_manager' });
    const res = await call(json('GET', '/api/users?search=findable&role=area_manager&status=active', admin.cookie));
    const { items, total } = res.json<{ items: ManagedUser[]; total: number }>();
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({ id: user.id, fullName: 'Findable Fiona', role: 'area_manager', status: 'active' });
    expect(items[0]!.lastSignInAt).not.toBeNull();
    expect(JSON.stringify(items)).not.toMatch(/password/i);
    // `%` and `_` typed in the search match themselves.
    expect((await call(json('GET', '/api/users?search=%25', admin.cookie))).json().total).toBe(0);
    expect(input.username).toBeTruthy();
  });

  it('changes a role: the user’s next request already has the new permissions', async () => {
    const { user, cookie } = await registerUser(t.app, { role: 'surveyor' });
    expect((await getJson(t.app, '/api/user', cookie)).json<User>().permissions['asset.delete']).toBe('none');
    const res = await call(json('PATCH', `/api/users/${user.id}`, admin.cookie, { role: 'asset_manager' }));
    expect(res.json<ManagedUser>().role).toBe('asset_manager');
    expect((await getJson(t.app, '/api/user', cookie)).json<User>()).toMatchObject({ role: 'asset_manager', permissions: { 'asset.delete': 'any' } });
  });

  it('deactivating ends every session at once; the user cannot sign in until reactivated', async () => {
    const { input, user, cookie } = await registerUser(t.app);
    const second = await signIn(t.app, input.username, input.password);
    expect((await getJson(t.app, '/api/user', second)).statusCode).toBe(200);

    const res = await call(json('PATCH', `/api/users/${user.id}`, admin.cookie, { status: 'deactivated' }));
    expect(res.json<ManagedUser>().status).toBe('deactivated');
    expect((await getJson(t.app, '/api/user', cookie)).statusCode).toBe(401);
    expect((await getJson(t.app, '/api/assets', second)).statusCode).toBe(401);
    const login = await postJson(t.app, '/api/login', { username: input.username, password: input.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe('This account has been deactivated. Ask an organisation admin.');

    await call(json('PATCH', `/api/users/${user.id}`, admin.cookie, { status: 'active' }));
    await signIn(t.app, input.username, input.password);
  });

  it('a deactivation served by one app process ends the session another process kept', async () => {
    const other = await t.spawnProcess();
    try {
      const { user, cookie } = await registerUser(t.app);
      // The other process reads the session once and keeps it.
      expect((await getJson(other, '/api/user', cookie)).statusCode).toBe(200);
      await call(json('PATCH', `/api/users/${user.id}`, admin.cookie, { status: 'deactivated' }));
      await expect.poll(async () => (await getJson(other, '/api/user', cookie)).statusCode, { timeout: 2_000, interval: 20 }).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('never leaves the organisation without an active org admin', async () => {
    const demote = await call(json('PATCH', `/api/users/${admin.user.id}`, admin.cookie, { role: 'surveyor' }));
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toMatch(/last active organisation admin/);
    expect((await call(json('PATCH', `/api/users/${admin.user.id}`, admin.cookie, { status: 'deactivated' }))).statusCode).toBe(409);

    const second = await registerUser(t.app, { role: 'org_admin' });
    const [a, b] = await Promise.all([
      call(json('PATCH', `/api/users/${admin.user.id}`, admin.cookie, { role: 'asset_manager' })),
      call(json('PATCH', `/api/users/${second.user.id}`, admin.cookie, { role: 'asset_manager' })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    // Put things back: whichever admin remains promotes the other.
    const remaining = a.statusCode === 409 ? admin : second;
    const demoted = a.statusCode === 409 ? second : admin;
    await call(json('PATCH', `/api/users/${demoted.user.id}`, remaining.cookie, { role: 'org_admin' }));
  });

  it('a password-reset link works once and signs the user out everywhere', async () => {
    const { input, user, cookie } = await registerUser(t.app);
    const made = await call({ method: 'POST', url: `/api/users/${user.id}/password-reset`, headers: { cookie: admin.cookie } });
    expect(made.statusCode).toBe(201);
    const token = tokenOf(made.json<{ url: string }>().url);

    expect((await postJson(t.app, '/api/password-reset', { token, password: 'password' })).statusCode).toBe(400);
    const reset = await postJson(t.app, '/api/password-reset', { token, password: 'a new long passphrase' });
    expect(reset.statusCode).toBe(204);
    expect((await getJson(t.app, '/api/user', cookie)).statusCode).toBe(401);
    expect((await postJson(t.app, '/api/login', { username: input.username, password: input.password })).statusCode).toBe(401);
    await signIn(t.app, input.username, 'a new long passphrase');
    expect((await postJson(t.app, '/api/password-reset', { token, password: 'another long passphrase' })).statusCode).toBe(404);
  });

  it('records every administrative change with who made it, and never a password hash', async () => {
    const { user } = await registerUser(t.app, { fullName: 'Audited Andy' });
    await call(json('PATCH', `/api/users/${user.id}`, admin.cookie, { role: 'area_manager' }));
    await call({ method: 'POST', url: `/api/users/${user.id}/password-reset`, headers: { cookie: admin.cookie } });
    await setMode('approval');
    const page = (await call(json('GET', '/api/admin/audit', admin.cookie))).json<{ items: AdminAuditEntry[] }>();
    const roleChange = page.items.find((e) => e.entity === 'user' && e.after?.role === 'area_manager');
    expect(roleChange).toMatchObject({ actorName: 'Olive Admin', subject: user.username, operation: 'update', before: { role: 'surveyor' } });
    const signUp = page.items.find((e) => e.entity === 'user' && e.operation === 'create' && e.subject === user.username);
    expect(signUp?.actorName).toBe('Audited Andy');
    expect(page.items.find((e) => e.entity === 'settings')).toMatchObject({ actorName: 'Olive Admin', after: { registration_mode: 'approval' } });
    expect(JSON.stringify(page.items)).not.toMatch(/password_hash|token_hash|scrypt/);
  });
});

describe('Settings: tightening the matrix', () => {
  it('withdraws a permission from a role, on the server and in what the client is told', async () => {
    const { cookie } = await registerUser(t.app, { role: 'surveyor' });
    const changed = await call(json('PATCH', '/api/settings', admin.cookie, { withdrawn: { surveyor: ['location.create', 'meter.create'] } }));
    expect(changed.json<Settings>().matrix.surveyor['location.create']).toBe('none');
    try {
      const refused = await postJson(t.app, '/api/locations', { name: 'Not mine to make', type: 'site' }, { cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Your role may not create locations. Ask an organisation admin if you need to.');
      expect((await getJson(t.app, '/api/user', cookie)).json<User>().permissions['location.create']).toBe('none');
      // Other roles keep it.
      expect((await postJson(t.app, '/api/locations', { name: 'Admin site', type: 'site' }, { cookie: admin.cookie })).statusCode).toBe(201);
    } finally {
      await call(json('PATCH', '/api/settings', admin.cookie, { withdrawn: { surveyor: [] } }));
    }
    expect((await postJson(t.app, '/api/locations', { name: 'Mine again', type: 'site' }, { cookie })).statusCode).toBe(201);
  });

  it('cannot take anything from org admins or hand out administration', async () => {
    const res = await call(json('PATCH', '/api/settings', admin.cookie, { withdrawn: { org_admin: ['asset.delete'], surveyor: ['user.manage'] } }));
    expect(res.statusCode).toBe(200);
    expect(res.json<Settings>().withdrawn).toMatchObject({ org_admin: [], surveyor: [] });
  });

  it('refuses a malformed change with a readable message', async () => {
    const res = await call(json('PATCH', '/api/settings', admin.cookie, { registrationMode: 'everyone' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/registration mode/i);
  });
});

describe('the Account page', () => {
  it('changes name and email', async () => {
    const { cookie } = await registerUser(t.app);
    const res = await call(json('PATCH', '/api/account', cookie, { fullName: 'Renamed Rita', email: 'rita@example.com' }));
    expect(res.json<User>()).toMatchObject({ fullName: 'Renamed Rita', email: 'rita@example.com' });
    expect((await getJson(t.app, '/api/user', cookie)).json<User>().fullName).toBe('Renamed Rita');
  });

  it('changes the password with the current one, ending the other sessions only', async () => {
    const { input, cookie } = await registerUser(t.app);
    const elsewhere = await signIn(t.app, input.username, input.password);
    const wrong = await call(json('POST', '/api/account/password', cookie, { currentPassword: 'not it at all', newPassword: 'a fresh passphrase' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: 'Current password is incorrect' });

    const ok = await call(json('POST', '/api/account/password', cookie, { currentPassword: input.password, newPassword: 'a fresh passphrase' }));
    expect(ok.statusCode).toBe(204);
    expect((await getJson(t.app, '/api/user', cookie)).statusCode).toBe(200);
    expect((await getJson(t.app, '/api/user', elsewhere)).statusCode).toBe(401);
    const fresh = await postJson(t.app, '/api/login', { username: input.username, password: 'a fresh passphrase' });
    expect(sessionCookie(fresh)).toBeTruthy();
  });
});
