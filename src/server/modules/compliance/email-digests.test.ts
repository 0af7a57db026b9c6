import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { createClock, createdBy, createTestApp, getJson, parseLogs, registerUser, sendAs, signIn, type TestApp, type TestClock } from '../../../../tests/setup/test-app';
import { findFreePort } from '../../db/embedded';
import type { EmailDigest } from '../../../shared/contract/email-digest';
import type { Obligation, Regime } from '../../../shared/contract/compliance';
import { advanceComplianceCalendar } from './compliance-calendar';
import { escapeHtml } from './digest-email';
import { DIGEST_ITEMS_MAX, REMINDERS_KEPT_DAYS } from './email-digests';
import { addDays, type CalendarDate } from '../../../shared/domain/compliance/calendar-date';

/**
 * Email digests of due dates (ADR 025, reminders), against a real SMTP server (smtp-server, listening
 * on a free port in this test): one email per person per run listing what newly fell due; never the
 * same reminder twice, across runs, restarts and two app processes; again after an inspection moves
 * the due date on and it falls due again; nothing for those who switched digests off or for an
 * obligation not in force; a refused message is retried on the next run.
 */

interface Received {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

const SMTP_PASSWORD = 'smtp-password-that-must-not-be-logged';

/** Decodes one MIME part's body (nodemailer writes quoted-printable or base64). */
function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

/** The subject and the text and HTML parts of a message as nodemailer writes it. */
function parseMessage(raw: string, envelope: { from: string; to: string[] }): Received {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = /^subject:\s*(.*)$/im.exec(unfolded)?.[1] ?? '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  const body = rest.join('\n\n');
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [];
  const part = (type: string) => {
    const found = parts.find((p) => new RegExp(`content-type:\\s*${type}`, 'i').test(p));
    if (!found) return '';
    const [partHead = '', ...partBody] = found.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    return decodePart(partHead, partBody.join('\n\n').trimEnd());
  };
  return { ...envelope, subject, text: part('text/plain').replace(/\r\n/g, '\n'), html: part('text/html').replace(/\r\n/g, '\n') };
}

/** A local SMTP sink: keeps what it accepts; `refuse` makes it answer 550 to every message. */
async function startSmtpSink() {
  const received: Received[] = [];
  const state = { refuse: false };
  const options: SMTPServerOptions = {
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'digests' && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuse) {
          const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          return callback(err);
        }
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        received.push(parseMessage(Buffer.concat(chunks).toString('utf8'), envelope));
        callback();
      });
    },
  };
  const server = new SMTPServer(options);
  const port = await findFreePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let clock: TestClock;
let other: FastifyInstance | undefined;
let admin: string;
const people: Record<string, { id: string; cookie: string; username: string; password: string }> = {};
let regimes: Map<string, Regime>;
const obligationIds = { gas: '', fra: '', eicr: '', pat: '', olive: '' };
let assetCode: string;
let assetId: string;
let siteId: string;
/** The first digest, for the escaping checks. */
let firstEmail: Received;

const send = (method: InjectOptions['method'], url: string, body?: unknown, cookie = admin) => sendAs(t.app, cookie, method, url, body);
const oblige = (regimeKey: string, place: { assetId?: string; locationId?: string }, responsibleUserId: string) =>
  createdBy<Obligation>(send('POST', '/api/obligations', { regimeId: regimes.get(regimeKey)!.id, ...place, responsibleUserId }));
const inspect = (obligationId: string, performedOn: string) => createdBy(send('POST', '/api/inspections', { obligationId, performedOn, result: 'pass' }));
const runDigests = async () => t.app.emailDigests!.run();
const today = () => clock.now().toISOString().slice(0, 10);

/** Moves the clock (the session expires over months, so the admin signs in again) and the calendar job with it. */
async function setClock(iso: string) {
  clock.advance(new Date(iso).getTime() - clock.now().getTime());
  admin = await signIn(t.app, people.admin!.username, people.admin!.password);
  await advanceComplianceCalendar(t.db, today());
}

const reminders = async () =>
  (
    await t.ownerDb.execute<{ obligation_id: string; threshold: string; due_on: string; outcome: string }>(
      sql`SELECT obligation_id, threshold::text, due_on::text, outcome::text FROM compliance_reminders ORDER BY due_on, threshold`,
    )
  ).rows;

beforeAll(async () => {
  sink = await startSmtpSink();
  clock = createClock(new Date('2025-06-15T10:00:00Z'));
  t = await createTestApp({
    clock,
    captureLogs: true,
    env: {
      SMTP_URL: `smtp://digests:${SMTP_PASSWORD}@127.0.0.1:${sink.port}`,
      MAIL_FROM: 'Asset Register <reminders@example.org>',
      PUBLIC_URL: 'https://assets.example.org/',
    },
  });
  const adminAccount = await registerUser(t.app, { role: 'org_admin', email: 'admin@example.org' });
  admin = adminAccount.cookie;
  people.admin = { id: adminAccount.user.id, cookie: admin, ...adminAccount.input };
  for (const [key, fullName, email] of [
    ['sam', '<script>alert("Sam")</script> Field', 'sam@example.org'],
    ['olive', 'Olive Off', 'olive@example.org'],
  ] as const) {
    const account = await registerUser(t.app, { role: 'surveyor', fullName, email });
    people[key] = { id: account.user.id, cookie: account.cookie, ...account.input };
  }
  regimes = new Map((await getJson(t.app, '/api/compliance/regimes', admin)).json<Regime[]>().map((r) => [r.key, r]));
  siteId = (await createdBy(send('POST', '/api/locations', { name: 'Leeds <b>Depot</b> & Yard', type: 'site' }))).id;
  const boiler = await createdBy<{ id: string; assetId: string }>(send('POST', '/api/assets', { locationId: siteId, type: 'hvac', condition: 'good' }));
  assetId = boiler.id;
  assetCode = boiler.assetId;
  const sam = people.sam!.id;

  // Due on 20 June 2025: in its 30-day due-soon window.
  obligationIds.gas = (await oblige('gas_safety', { assetId }, sam)).id;
  await inspect(obligationIds.gas, '2024-06-20');
  // Due on 10 June 2025: five days overdue.
  obligationIds.fra = (await oblige('fire_risk_assessment', { locationId: siteId }, sam)).id;
  await inspect(obligationIds.fra, '2024-06-10');
  // Due on 1 January 2024: overdue for a year and a half, long known: not a new reminder.
  obligationIds.eicr = (await oblige('eicr', { locationId: siteId }, sam)).id;
  await inspect(obligationIds.eicr, '2019-01-01');
  // Due soon, but suspended: not in force.
  obligationIds.pat = (await oblige('pat', { assetId }, sam)).id;
  await inspect(obligationIds.pat, '2023-06-25');
  await createdBy(send('PATCH', `/api/obligations/${obligationIds.pat}`, { state: 'suspended', stateReason: 'Boiler out of use' }));
  // Olive switches digests off: her due-soon duty sends nothing.
  obligationIds.olive = (await oblige('legionella_risk_assessment', { locationId: siteId }, people.olive!.id)).id;
  await inspect(obligationIds.olive, '2023-06-25');
});

afterAll(async () => {
  await other?.close();
  await t?.close();
  await sink?.close();
});

beforeEach(() => {
  sink.received.length = 0;
});

describe('the account setting', () => {
  it('says the server sends email, is on by default, and can be switched off', async () => {
    const olive = people.olive!.cookie;
    expect((await getJson(t.app, '/api/account/email-digest', olive)).json<EmailDigest>()).toEqual({ smtpConfigured: true, enabled: true });
    const off = await sendAs(t.app, olive, 'PUT', '/api/account/email-digest', { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<EmailDigest>()).toEqual({ smtpConfigured: true, enabled: false });
    expect((await getJson(t.app, '/api/account/email-digest', olive)).json<EmailDigest>().enabled).toBe(false);
  });

  it('refuses a malformed choice with a readable 400', async () => {
    for (const body of [{}, { enabled: 'yes' }, { enabled: true, extra: 1 }]) {
      const res = await sendAs(t.app, people.sam!.cookie, 'PUT', '/api/account/email-digest', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('the digests', () => {
  it('sends the responsible person one email with what newly fell due, once, even from two processes at once', async () => {
    other = await t.spawnProcess();
    await other.ready();
    const [first, second] = await Promise.all([runDigests(), other.emailDigests!.run()]);
    expect(first.emails + second.emails).toBe(1);

    expect(sink.received).toHaveLength(1);
    const [email] = sink.received;
    firstEmail = email!;
    expect(email!.to).toEqual(['sam@example.org']);
    expect(email!.from).toBe('reminders@example.org');
    expect(email!.subject).toBe('Inspections falling due: 1 now overdue, 1 due soon');
    // Overdue first; the long-overdue EICR, the suspended PAT and Olive's duty are not in it.
    expect(email!.text).toContain(`Now overdue:\n- Fire risk assessment review: Leeds <b>Depot</b> & Yard\n  Due 10 Jun 2025 (Overdue).`);
    expect(email!.text).toContain(`https://assets.example.org/locations/${siteId}?tab=compliance`);
    expect(email!.text).toContain(`Due soon:\n- Gas safety inspection and service: ${assetCode} at Leeds <b>Depot</b> & Yard\n  Due 20 Jun 2025 (Due soon).`);
    expect(email!.text).toContain(`https://assets.example.org/assets/${assetId}`);
    expect(email!.text).not.toMatch(/Electrical|Portable|Legionella/);
    expect(email!.text).toContain('https://assets.example.org/account');

    const states = await reminders();
    expect(states.map((r) => [r.obligation_id, r.threshold, r.due_on, r.outcome])).toEqual([
      [obligationIds.fra, 'overdue', '2025-06-10', 'sent'],
      [obligationIds.gas, 'due_soon', '2025-06-20', 'sent'],
      [obligationIds.olive, 'due_soon', '2025-06-25', 'skipped'],
    ]);
  });

  it('escapes every name in the HTML part', () => {
    expect(escapeHtml(`<script>"x" & 'y'</script>`)).toBe('&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;');
    const { html, text } = firstEmail;
    expect(text).toContain('Hello <script>alert("Sam")</script> Field,');
    expect(html).toContain('Hello &lt;script&gt;alert(&quot;Sam&quot;)&lt;/script&gt; Field,');
    expect(html).toContain('Leeds &lt;b&gt;Depot&lt;/b&gt; &amp; Yard');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Depot');
    expect(html).toContain(`<a href="https://assets.example.org/assets/${assetId}">`);
  });

  it('sends nothing on the next run, nor after a restart', async () => {
    expect(await runDigests()).toEqual({ emails: 0, sent: 0, released: 0 });
    await other!.close();
    other = await t.spawnProcess();
    await other.ready();
    expect(await other.emailDigests!.run()).toEqual({ emails: 0, sent: 0, released: 0 });
    expect(sink.received).toHaveLength(0);
  });

  it('never repeats a status that stays overdue, and reminds again when an inspection moves the date on and it falls due again', async () => {
    await setClock('2025-06-16T09:00:00Z');
    await inspect(obligationIds.gas, '2025-06-16');
    // Weeks later: the fire risk assessment is still overdue (and now past the catch-up window).
    await setClock('2025-07-20T09:00:00Z');
    expect(await runDigests()).toMatchObject({ emails: 0 });
    // The gas check, next due on 16 June 2026, enters its due-soon window on 17 May.
    await setClock('2026-05-20T09:00:00Z');
    await runDigests();
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.subject).toBe('Inspections falling due: 1 due soon');
    expect(sink.received[0]!.text).toContain('Gas safety inspection and service');
    expect(sink.received[0]!.text).toContain('Due 16 Jun 2026 (Due soon).');
    expect(await runDigests()).toMatchObject({ emails: 0 });
  });

  it('leaves a reminder the SMTP server refused for the next run', async () => {
    await setClock('2026-06-18T09:00:00Z');
    sink.state.refuse = true;
    expect(await runDigests()).toEqual({ emails: 0, sent: 0, released: 1 });
    expect(sink.received).toHaveLength(0);
    expect((await reminders()).filter((r) => r.threshold === 'overdue' && r.obligation_id === obligationIds.gas)).toEqual([]);
    const warning = parseLogs(t.logs).find((l) => l.msg === 'email digest not sent; it will be retried on the next run');
    expect(warning).toBeDefined();

    sink.state.refuse = false;
    expect(await runDigests()).toEqual({ emails: 1, sent: 1, released: 0 });
    expect(sink.received[0]!.subject).toBe('Inspections falling due: 1 now overdue');
    expect(sink.received[0]!.text).toContain('Due 16 Jun 2026 (Overdue).');
  });

  it('retakes a claim a stopped process left unsent, after an hour', async () => {
    await setClock('2026-06-19T09:00:00Z');
    const pending = await t.ownerDb.execute(sql`
      UPDATE compliance_reminders SET outcome = 'sending', sent_at = NULL, claimed_at = now() - interval '2 hours'
       WHERE obligation_id = ${obligationIds.gas} AND threshold = 'overdue' RETURNING obligation_id`);
    expect(pending.rows).toHaveLength(1);
    expect(await runDigests()).toMatchObject({ emails: 1, sent: 1 });
    expect(sink.received[0]!.text).toContain('Due 16 Jun 2026 (Overdue).');
  });

  it('forgets reminders more than REMINDERS_KEPT_DAYS past their due date, and only those', async () => {
    const before = await reminders();
    expect(before.length).toBeGreaterThan(0);
    const longAgo = addDays(today() as CalendarDate, -REMINDERS_KEPT_DAYS - 1);
    const justKept = addDays(today() as CalendarDate, -REMINDERS_KEPT_DAYS);
    await t.ownerDb.execute(sql`
      INSERT INTO compliance_reminders (obligation_id, threshold, due_on, outcome)
      VALUES (${obligationIds.eicr}, 'overdue', ${longAgo}::date, 'sent'), (${obligationIds.eicr}, 'due_soon', ${justKept}::date, 'sent')`);
    await runDigests();
    const after = await reminders();
    expect(after.map((r) => r.due_on)).not.toContain(longAgo);
    expect(after).toContainEqual(expect.objectContaining({ obligation_id: obligationIds.eicr, due_on: justKept, threshold: 'due_soon' }));
    expect(after).toEqual(expect.arrayContaining(before));
  });

  it('caps one digest and counts the rest', async () => {
    const many = DIGEST_ITEMS_MAX + 3;
    await t.ownerDb.execute(sql`
      WITH site AS (SELECT location_id FROM obligations WHERE id = ${obligationIds.fra}),
           made AS (
             INSERT INTO assets (type, condition, location_id, location_path, created_by)
             SELECT 'hvac', 'good', l.id, l.path, ${people.admin!.id}::uuid FROM generate_series(1, ${many}) AS n, site s JOIN locations l ON l.id = s.location_id
             RETURNING id, location_id)
      INSERT INTO obligations (regime_id, asset_id, location_id, responsible_user_id, status, next_due_on, created_by)
      SELECT ${regimes.get('gas_safety')!.id}::uuid, m.id, m.location_id, ${people.sam!.id}::uuid, 'overdue', ${today()}::date - 1, ${people.admin!.id}::uuid FROM made m`);
    await runDigests();
    expect(sink.received).toHaveLength(1);
    const { subject, text } = sink.received[0]!;
    expect(subject).toBe(`Inspections falling due: ${many} for you`);
    expect(text.match(/^- /gm)).toHaveLength(DIGEST_ITEMS_MAX);
    expect(text).toContain('And 3 more: https://assets.example.org/compliance');
  });

  it('never logs the SMTP password', () => {
    expect(t.logs.join('\n')).toContain('email digests of due dates are on');
    expect(t.logs.join('\n')).toContain(`smtp://digests:[redacted]@127.0.0.1:${sink.port}`);
    expect(t.logs.join('\n')).not.toContain(SMTP_PASSWORD);
  });
});

describe('an SMTP server that refuses our credentials', () => {
  const WRONG_PASSWORD = 'a-wrong-password-that-must-not-be-logged';
  let refused: TestApp;
  beforeAll(async () => {
    refused = await createTestApp({
      clock: createClock(new Date('2025-06-15T10:00:00Z')),
      captureLogs: true,
      env: { SMTP_URL: `smtp://digests:${WRONG_PASSWORD}@127.0.0.1:${sink.port}`, MAIL_FROM: 'reminders@example.org', PUBLIC_URL: 'https://assets.example.org' },
    });
  });
  afterAll(() => refused?.close());

  it('gives the claims back for the next run, and keeps the password out of the log', async () => {
    const { cookie, user } = await registerUser(refused.app, { role: 'org_admin', email: 'pat@example.org' });
    const regime = (await getJson(refused.app, '/api/compliance/regimes', cookie)).json<Regime[]>().find((r) => r.key === 'fire_risk_assessment')!;
    const site = await createdBy(sendAs(refused.app, cookie, 'POST', '/api/locations', { name: 'Depot', type: 'site' }));
    const duty = await createdBy<Obligation>(sendAs(refused.app, cookie, 'POST', '/api/obligations', { regimeId: regime.id, locationId: site.id, responsibleUserId: user.id }));
    await createdBy(sendAs(refused.app, cookie, 'POST', '/api/inspections', { obligationId: duty.id, performedOn: '2024-06-12', result: 'pass' }));

    expect(await refused.app.emailDigests!.run()).toEqual({ emails: 0, sent: 0, released: 1 });
    expect(sink.received).toHaveLength(0);
    const left = await refused.ownerDb.execute(sql`SELECT count(*)::int AS n FROM compliance_reminders`);
    expect(left.rows[0]).toEqual({ n: 0 });
    const warning = parseLogs(refused.logs).find((l) => l.msg === 'email digest not sent; it will be retried on the next run');
    expect(warning).toMatchObject({ err: { code: 'EAUTH' } });
    expect(refused.logs.join('\n')).not.toContain(WRONG_PASSWORD);
  });
});

describe('without SMTP', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(() => bare?.close());

  it('schedules no digests, and the account setting says the server sends no email', async () => {
    expect(bare.app.emailDigests).toBeNull();
    const { cookie } = await registerUser(bare.app, { email: 'someone@example.org' });
    expect((await getJson(bare.app, '/api/account/email-digest', cookie)).json<EmailDigest>()).toEqual({ smtpConfigured: false, enabled: true });
    const off = await sendAs(bare.app, cookie, 'PUT', '/api/account/email-digest', { enabled: false });
    expect(off.json<EmailDigest>()).toEqual({ smtpConfigured: false, enabled: false });
  });
});
