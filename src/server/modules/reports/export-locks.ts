import pg from 'pg';

/**
 * Advisory lock class of the per-user export locks. The two-key form (class, hashtext(user id)) keeps
 * them apart from the app's one-key locks (migrations, the location tree, the word recounts).
 */
export const USER_EXPORT_LOCK_CLASS = 7_301_019;

export type ReleaseLock = () => Promise<void>;

export interface ExportLocks {
  /** The user's export lock, or null when an export of theirs is in progress in any process. */
  tryLock(userId: string): Promise<ReleaseLock | null>;
  close(): Promise<void>;
}

/**
 * One export in progress per user, across every app process sharing the database: a session-level
 * PostgreSQL advisory lock per user, held for as long as the export waits and runs.
 *
 * Why a lock and not a row: a row marking an export "in progress" needs a status column, and a
 * process that dies mid-export would leave it behind and block the user until something expired it.
 * A session lock goes when its connection goes, so a crash cannot leave a user blocked.
 *
 * Why one connection of its own: a lock held on a pool connection would keep that connection out of
 * the pool for the whole export, and 2 running + 20 queued exports would take every connection of the
 * pool (10). All of this process's user locks share this one connection instead. A session may take
 * the same advisory lock twice, so the `held` set refuses a second export of one user within this
 * process before PostgreSQL is asked.
 *
 * If the connection is lost, PostgreSQL drops its locks: until those exports end, only the `held` set
 * (this process) still stops a second export of those users. The next lock opens a new connection.
 */
export function exportLocks(connectionString: string): ExportLocks {
  const held = new Set<string>();
  let connection: Promise<pg.Client> | undefined;

  function connect(): Promise<pg.Client> {
    if (connection) return connection;
    const client = new pg.Client({
      connectionString,
      connectionTimeoutMillis: 2_000,
      keepAlive: true,
      application_name: 'asset-register export locks',
    });
    const attempt: Promise<pg.Client> = client.connect().then(
      () => client,
      (err: unknown) => {
        forget();
        throw err;
      },
    );
    const forget = () => {
      if (connection === attempt) connection = undefined;
    };
    // Without an 'error' listener a lost connection would crash the process.
    client.on('error', () => {
      forget();
      client.end().catch(() => {});
    });
    client.on('end', forget);
    connection = attempt;
    return attempt;
  }

  return {
    async tryLock(userId) {
      if (held.has(userId)) return null;
      held.add(userId);
      try {
        const client = await connect();
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [USER_EXPORT_LOCK_CLASS, userId]);
        if (!rows[0]?.locked) {
          held.delete(userId);
          return null;
        }
        let released = false;
        return async () => {
          if (released) return;
          released = true;
          try {
            await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [USER_EXPORT_LOCK_CLASS, userId]);
          } catch {
            // A lock that cannot be given back would block the user until the process restarts:
            // ending the connection drops it (and this process's other locks, whose exports the
            // `held` set still guards here).
            await client.end().catch(() => {});
          } finally {
            held.delete(userId);
          }
        };
      } catch (err) {
        held.delete(userId);
        throw err;
      }
    },

    async close() {
      const current = connection;
      connection = undefined;
      const client = await current?.catch(() => undefined);
      await client?.end().catch(() => {});
    },
  };
}
