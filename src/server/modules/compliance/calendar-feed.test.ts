import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createClock, createdBy, createTestApp, getJson, parseLogs, registerUser, sendAs, type TestApp } from '../../../../tests/setup/test-app';
import type { CalendarFeed, NewCalendarFeed } from '../../../shared/contract/calendar';
import type { Obligation, Regime } from '../../../shared/contract/compliance';

/**
 * The calendar feed (ADR 025, reminders): a secret link per user to the due dates they answer for,
 * shown once, replaced or turned off at will, dead for a deactivated user, and kept out of the logs.
 */

let t: TestApp;
let admin: string;
let me: { id: string; cookie: string };

const send = (method: InjectOptions['method'], url: string, body?: unknown, cookie = admin) => sendAs(t.app, cookie, method, url, body);
const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

beforeAll(async () => {
  t = await createTestApp({ clock: createClock(new Date('2025-06-15T10:00:00Z')), captureLogs: true });
  ({ cookie: admin } = await registerUser(t.app, { role: 'org_admin' }));
  const surveyor = await registerUser(t.app, { role: 'surveyor', fullName: 'Sam Field' });
  me = { id: surveyor.user.id, cookie: surveyor.cookie };

  const regimes = new Map((await getJson(t.app, '/api/compliance/regimes', admin)).json<Regime[]>().map((r) => [r.key, r]));
  const site = (await createdBy(send('POST', '/api/locations', { name: 'Leeds Depot', type: 'site' }))).id;
  const boiler = await createdBy<{ id: string; assetId: string }>(send('POST', '/api/assets', { locationId: site, type: 'hvac', condition: 'good' }));
  const gas = await createdBy<Obligation>(send('POST', '/api/obligations', { regimeId: regimes.get('gas_safety')!.id, assetId: boiler.id, responsibleUserId: me.id }));
  await createdBy(send('POST', '/api/inspections', { obligationId: gas.id, performedOn: '2025-03-01', result: 'pass' }));
  const fra = await createdBy<Obligation>(send('POST', '/api/obligations', { regimeId: regimes.get('fire_risk_assessment')!.id, locationId: site, responsibleUserId: me.id }));
  await createdBy(send('POST', '/api/inspections', { obligationId: fra.id, performedOn: '2025-01-31', result: 'pass' }));
  // Someone else's duty, and one of mine never evidenced (no date yet): neither in my feed.
  await createdBy(send('POST', '/api/obligations', { regimeId: regimes.get('eicr')!.id, locationId: site }));
  await createdBy(send('POST', '/api/obligations', { regimeId: regimes.get('pat')!.id, assetId: boiler.id, responsibleUserId: me.id }));
});
afterAll(() => t.close());

describe('the calendar feed', () => {
  it('starts off, gives a link once, and the link serves my due dates as all-day events', async () => {
    expect((await getJson(t.app, '/api/account/calendar-feed', me.cookie)).json<CalendarFeed>()).toEqual({ active: false, createdAt: null, lastFetchedAt: null });
    const created = await send('POST', '/api/account/calendar-feed', undefined, me.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const { url } = created.json<NewCalendarFeed>();
    expect(url).toMatch(/^http:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    const feed = await fetchFeed(url);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, no-store');
    const ics = feed.body.replace(/\r\n[ \t]/g, '');
    expect(ics).toMatch(/^BEGIN:VCALENDAR/);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    // Soonest first: the fire risk assessment a year after 31 January, then the gas check.
    expect([...ics.matchAll(/DTSTART;VALUE=DATE:(\d{8})/g)].map((m) => m[1])).toEqual(['20260131', '20260301']);
    expect(ics).toContain('SUMMARY:Due: Fire risk assessment review: Leeds Depot');
    expect(ics).toMatch(/SUMMARY:Due: Gas safety inspection and service: AST-\d{6}/);
    expect(ics).not.toContain('Electrical installation condition report');

    const status = (await getJson(t.app, '/api/account/calendar-feed', me.cookie)).json<CalendarFeed>();
    expect(status.active).toBe(true);
    expect(status.lastFetchedAt).not.toBeNull();
  });

  it('keeps the token out of the request log', async () => {
    const { url } = (await send('POST', '/api/account/calendar-feed', undefined, me.cookie)).json<NewCalendarFeed>();
    await fetchFeed(url);
    const token = /calendar\/([^.]+)\.ics/.exec(url)![1]!;
    const lines = parseLogs(t.logs).filter((l) => JSON.stringify(l).includes('/api/calendar/'));
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('stops the old link when a new one is made, and every link when turned off', async () => {
    const first = (await send('POST', '/api/account/calendar-feed', undefined, me.cookie)).json<NewCalendarFeed>().url;
    const second = (await send('POST', '/api/account/calendar-feed', undefined, me.cookie)).json<NewCalendarFeed>().url;
    expect((await fetchFeed(first)).statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(200);
    expect((await send('DELETE', '/api/account/calendar-feed', undefined, me.cookie)).statusCode).toBe(204);
    expect((await fetchFeed(second)).statusCode).toBe(404);
    expect((await getJson(t.app, '/api/account/calendar-feed', me.cookie)).json<CalendarFeed>().active).toBe(false);
  });

  it("answers nothing for a deactivated user's link, a made-up token, or a malformed one", async () => {
    const other = await registerUser(t.app, { role: 'surveyor' });
    const { url } = (await send('POST', '/api/account/calendar-feed', undefined, other.cookie)).json<NewCalendarFeed>();
    expect((await fetchFeed(url)).statusCode).toBe(200);
    expect((await send('PATCH', `/api/users/${other.user.id}`, { status: 'deactivated' })).statusCode).toBe(200);
    expect((await fetchFeed(url)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/calendar/${'A'.repeat(43)}.ics` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/nope' })).statusCode).toBe(404);
  });

  it('needs a session to make or see a link', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/account/calendar-feed' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/calendar-feed' })).statusCode).toBe(401);
  });
});
