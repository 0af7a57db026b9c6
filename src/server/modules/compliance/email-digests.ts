import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { emailDigestPreferences } from '../../db/schema';
import { addDays, ORGANISATION_TIME_ZONE_DEFAULT, todayIn, type CalendarDate } from '../../../shared/domain/compliance/calendar-date';
import type { ReminderThreshold } from '../../../shared/domain/compliance/reminders';
import { digestEmail, type DigestItem } from './digest-email';

/** How often each app process looks for obligations that have newly fallen due (ADR 025, reminders). */
export const EMAIL_DIGEST_INTERVAL_MS = 15 * 60_000;
/** The first run after start: after the calendar job's first run (1 s) has brought statuses up to date. */
export const EMAIL_DIGEST_FIRST_RUN_AFTER_MS = 60_000;
/** Items one digest lists; the rest are counted, with a link to the compliance work list. */
export const DIGEST_ITEMS_MAX = 200;
/**
 * An obligation is reminded of as overdue only within this many days of its due date. Older ones
 * are long known (the dashboard, the work list): the first run after SMTP is set up, or after email
 * was down for a while, must not send years of backlog.
 */
export const OVERDUE_CATCH_UP_DAYS = 7;
/**
 * Reminders are kept this many days past their due date, then deleted by the next run: long enough
 * to answer "was the responsible person told?" about the last cycle of an annual duty, and no row
 * older is ever read (a reminder is looked up only from OVERDUE_CATCH_UP_DAYS before today).
 */
export const REMINDERS_KEPT_DAYS = 400;
/** Reminders claimed per run; a larger backlog is worked through by the runs after. */
const CLAIMS_PER_RUN = 50_000;
/** A claim this old that is still 'sending' was left by a process that stopped mid-run: retaken. */
const STALE_CLAIM_MINUTES = 60;
// Any constant: the same in every process, so one claims at a time (compliance-calendar.ts has …001).
const DIGEST_LOCK = 7_301_025_002;
/** SMTP failures that are the server's or the connection's, not one message's: stop the run there. */
const CONNECTION_ERRORS = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EAUTH', 'EDNS', 'ETLS', 'EPROTOCOL', 'ECONNRESET']);

export interface DigestRun {
  /** Digests the SMTP server accepted. */
  emails: number;
  /** Reminders those digests carried. */
  sent: number;
  /** Reminders given back for the next run to retry (the SMTP server refused, or could not be reached). */
  released: number;
}

export interface EmailDigestJob {
  /** One run now (after any run in progress); the schedule calls the same. */
  run(): Promise<DigestRun>;
}

interface ClaimedRow extends Record<string, unknown> {
  obligation_id: string;
  threshold: ReminderThreshold;
  due_on: string;
  user_id: string | null;
  full_name: string | null;
  email: string | null;
  regime: string;
  asset_id: string | null;
  asset_code: string | null;
  location_id: string;
  location_name: string;
  location_path: string;
}

type Key = { obligation_id: string; threshold: ReminderThreshold; due_on: string };

/** Users who get digests: active, with an email address, and not switched off. */
const eligibleUser = (user: ReturnType<typeof sql>) => sql`
  ${user}.status = 'active' AND coalesce(${user}.email, '') <> ''
  AND NOT EXISTS (SELECT 1 FROM email_digest_preferences p WHERE p.user_id = ${user}.id AND NOT p.enabled)`;

/**
 * Claims, in one short transaction, every reminder now owed (and forgets those past REMINDERS_KEPT_DAYS): obligations in force whose stored status
 * is due soon or overdue, due no earlier than OVERDUE_CATCH_UP_DAYS ago, and whose (obligation,
 * threshold, due date) has no row yet. Both sides are read by index from that date on ((status,
 * next_due_on, id); (threshold, due_on)), so the work is the obligations falling due, not the
 * register or every reminder ever sent: ~40 ms at 304,000 obligations and 1.8 million reminders. Each gets a row: 'sending' when there is someone
 * to tell, 'skipped' otherwise (so it is not looked at again). Claims another process left unsent for
 * an hour are retaken. Returns the 'sending' claims with what the email shows; none when another
 * process is claiming at this moment (it will send them).
 */
async function claimReminders(db: Db, today: CalendarDate): Promise<ClaimedRow[]> {
  const overdueSince = addDays(today, -OVERDUE_CATCH_UP_DAYS);
  return db.transaction(async (tx) => {
    const { rows: lock } = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${DIGEST_LOCK}) AS locked`);
    if (!lock[0]?.locked) return [];
    await tx.execute(sql`DELETE FROM compliance_reminders
                          WHERE threshold IN ('due_soon', 'overdue') AND due_on < ${addDays(today, -REMINDERS_KEPT_DAYS)}::date`);
    // Due dates before overdueSince are out of both branches, so the reminders looked at are the recent ones.
    const unreminded = (threshold: ReminderThreshold) =>
      sql`NOT EXISTS (SELECT 1 FROM compliance_reminders r WHERE r.obligation_id = o.id AND r.threshold = ${threshold} AND r.due_on = o.next_due_on AND r.due_on >= ${overdueSince}::date)`;
    const { rows } = await tx.execute<ClaimedRow>(sql`
      WITH crossed AS (
        (SELECT o.id, 'due_soon'::reminder_threshold AS threshold, o.next_due_on, o.responsible_user_id
           FROM obligations o
          WHERE o.status = 'due_soon' AND o.next_due_on >= ${overdueSince}::date AND o.state = 'active' AND ${unreminded('due_soon')})
        UNION ALL
        (SELECT o.id, 'overdue'::reminder_threshold, o.next_due_on, o.responsible_user_id
           FROM obligations o
          WHERE o.status = 'overdue' AND o.next_due_on >= ${overdueSince}::date AND o.state = 'active' AND ${unreminded('overdue')})
        LIMIT ${CLAIMS_PER_RUN}
      ),
      claimed AS (
        INSERT INTO compliance_reminders (obligation_id, threshold, due_on, user_id, outcome)
        SELECT c.id, c.threshold, c.next_due_on, c.responsible_user_id,
               CASE WHEN u.id IS NULL THEN 'skipped' ELSE 'sending' END::reminder_outcome
          FROM crossed c
          LEFT JOIN users u ON u.id = c.responsible_user_id AND ${eligibleUser(sql`u`)}
        ON CONFLICT DO NOTHING
        RETURNING obligation_id, threshold, due_on, user_id, outcome
      ),
      retaken AS (
        UPDATE compliance_reminders SET claimed_at = now()
         WHERE outcome = 'sending' AND claimed_at < now() - make_interval(mins => ${STALE_CLAIM_MINUTES})
        RETURNING obligation_id, threshold, due_on, user_id, outcome
      ),
      mine AS (SELECT * FROM claimed WHERE outcome = 'sending' UNION ALL SELECT * FROM retaken)
      SELECT m.obligation_id, m.threshold, m.due_on::text AS due_on,
             u.id AS user_id, u.full_name, u.email,
             g.name AS regime, o.asset_id, a.asset_id AS asset_code, o.location_id, l.name AS location_name, l.path AS location_path
        FROM mine m
        JOIN obligations o ON o.id = m.obligation_id
        JOIN compliance_regimes g ON g.id = o.regime_id
        JOIN locations l ON l.id = o.location_id
        LEFT JOIN assets a ON a.id = o.asset_id
        LEFT JOIN users u ON u.id = m.user_id AND ${eligibleUser(sql`u`)}
    `);
    return rows;
  });
}

/** The claims as one JSON parameter, for a statement that names exactly them. */
const keysOf = (rows: Key[]) => JSON.stringify(rows.map(({ obligation_id, threshold, due_on }) => ({ obligation_id, threshold, due_on })));
const claimsIn = (rows: Key[]) => sql`(obligation_id, threshold, due_on) IN (
  SELECT k.obligation_id, k.threshold, k.due_on FROM jsonb_to_recordset(${keysOf(rows)}::jsonb) AS k(obligation_id uuid, threshold reminder_threshold, due_on date))`;

async function markSent(db: Db, rows: Key[]): Promise<void> {
  await db.execute(sql`UPDATE compliance_reminders SET outcome = 'sent', sent_at = now() WHERE outcome = 'sending' AND ${claimsIn(rows)}`);
}

async function markSkipped(db: Db, rows: Key[]): Promise<void> {
  await db.execute(sql`UPDATE compliance_reminders SET outcome = 'skipped' WHERE outcome = 'sending' AND ${claimsIn(rows)}`);
}

/** Gives claims back: the next run claims them afresh. */
async function release(db: Db, rows: Key[]): Promise<void> {
  await db.execute(sql`DELETE FROM compliance_reminders WHERE outcome = 'sending' AND ${claimsIn(rows)}`);
}

const byUrgency = (a: ClaimedRow, b: ClaimedRow) =>
  (a.threshold === b.threshold ? 0 : a.threshold === 'overdue' ? -1 : 1) || a.due_on.localeCompare(b.due_on) || a.regime.localeCompare(b.regime) || a.obligation_id.localeCompare(b.obligation_id);

/**
 * The email digests of due dates (ADR 025, reminders), or undefined when SMTP_URL is not set (then
 * nothing is scheduled and nothing is sent). A reminder is claimed in PostgreSQL before its email is
 * sent and marked sent once the SMTP server accepts the message: a restart or a second app process
 * never sends it again. A refused or failed send gives its claims back for the next run (at least
 * once); a process that stops between the server's acceptance and the mark may send that digest a
 * second time, an hour later, when its claims are retaken.
 */
export function emailDigestJob(ctx: AppContext, log: FastifyBaseLogger): EmailDigestJob | undefined {
  const { smtp, publicUrl } = ctx.config;
  if (!smtp || !publicUrl) return undefined;

  const once = async (): Promise<DigestRun> => {
    const result: DigestRun = { emails: 0, sent: 0, released: 0 };
    const claimed = await claimReminders(ctx.db, todayIn(ORGANISATION_TIME_ZONE_DEFAULT, ctx.now()));
    if (claimed.length === 0) return result;

    // A retaken claim whose person has since gone (deactivated, no email, switched off) is not sent.
    const unsendable = claimed.filter((row) => row.user_id === null);
    if (unsendable.length > 0) await markSkipped(ctx.db, unsendable);
    const perUser = new Map<string, ClaimedRow[]>();
    for (const row of claimed) {
      if (row.user_id === null) continue;
      const rows = perUser.get(row.user_id);
      if (rows) rows.push(row);
      else perUser.set(row.user_id, [row]);
    }

    const transport = nodemailer.createTransport({ url: smtp.url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
    try {
      const queue = [...perUser.values()];
      while (queue.length > 0) {
        const rows = queue.shift()!.sort(byUrgency);
        const first = rows[0]!;
        const items: DigestItem[] = rows.slice(0, DIGEST_ITEMS_MAX).map((row) => ({
          obligationId: row.obligation_id,
          threshold: row.threshold,
          dueOn: row.due_on,
          regime: row.regime,
          assetId: row.asset_id,
          assetCode: row.asset_code,
          locationId: row.location_id,
          locationName: row.location_name,
          locationPath: row.location_path,
        }));
        const email = digestEmail({ fullName: first.full_name!, items, more: rows.length - items.length, publicUrl });
        try {
          await transport.sendMail({ from: smtp.from, to: { name: first.full_name!, address: first.email! }, ...email });
        } catch (err) {
          await release(ctx.db, rows);
          result.released += rows.length;
          const code = (err as { code?: string }).code;
          log.warn({ err, userId: first.user_id, reminders: rows.length }, 'email digest not sent; it will be retried on the next run');
          if (code && CONNECTION_ERRORS.has(code)) {
            // The server is down or refuses us: the other digests would fail the same way, one timeout each.
            const rest = queue.flat();
            if (rest.length > 0) await release(ctx.db, rest);
            result.released += rest.length;
            break;
          }
          continue;
        }
        await markSent(ctx.db, rows);
        result.emails += 1;
        result.sent += rows.length;
      }
    } finally {
      transport.close();
    }
    if (result.emails > 0 || result.released > 0) log.info({ job: 'email digests', ...result }, 'email digests sent');
    return result;
  };

  let running: Promise<DigestRun> | undefined;
  return {
    async run() {
      while (running) await running.catch(() => undefined);
      running = once().finally(() => (running = undefined));
      return running;
    },
  };
}

/** Each user's choice (ADR 025, reminders): digests are on unless they switched them off. */
export function emailDigestPreferencesRepo(db: Db) {
  return {
    async enabled(userId: string): Promise<boolean> {
      const [row] = await db.select({ enabled: emailDigestPreferences.enabled }).from(emailDigestPreferences).where(eq(emailDigestPreferences.userId, userId)).limit(1);
      return row?.enabled ?? true;
    },
    async set(userId: string, enabled: boolean): Promise<void> {
      await db
        .insert(emailDigestPreferences)
        .values({ userId, enabled })
        .onConflictDoUpdate({ target: emailDigestPreferences.userId, set: { enabled, updatedAt: sql`now()` } });
    },
  };
}
