import pg from 'pg';

// Any constant works; the same in every process, so two backups (or a backup and a restore) never
// run at once on one database. Distinct from the migrations' key (db/migrate.ts).
const BACKUP_LOCK_KEY = 7_301_955_301;

export class BackupBusy extends Error {}

/**
 * A connection of its own for a backup or a restore: no statement timeout (the app's pool stops a
 * statement after 10 s; copying a large table takes longer), a fixed text format for dates, times
 * and numbers so the COPY text reads back the same on any server, and the backup lock held for as
 * long as it is open.
 */
export async function openBackupSession(url: string, purpose: 'backup' | 'restore'): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: `asset-register-${purpose}` });
  // A lost connection rejects the query in flight; without a listener the event would end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(
      "SET statement_timeout = 0; SET idle_in_transaction_session_timeout = 0; SET lock_timeout = '30s'; " +
        "SET DateStyle = 'ISO, MDY'; SET IntervalStyle = 'postgres'; SET TimeZone = 'UTC'; SET client_encoding = 'UTF8'; SET extra_float_digits = 1",
    );
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [BACKUP_LOCK_KEY]);
    if (!rows[0]!.locked) {
      throw new BackupBusy(`Another backup or restore is running on this database. Wait for it to finish, then try the ${purpose} again.`);
    }
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  return client;
}

/** Ends the session; the lock goes with it. */
export async function closeBackupSession(client: pg.Client): Promise<void> {
  await client.end().catch(() => {});
}
