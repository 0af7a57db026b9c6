import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { startEmbeddedPostgres } from '../db/embedded';

/**
 * The database `npm start` uses, for the backup and restore commands:
 * - DATABASE_URL when set (a server);
 * - else the embedded database in DATA_DIR. When the app is running, its PostgreSQL already holds
 *   the data folder (a second server cannot start on it), so the command connects to that one: the
 *   port is in `DATA_DIR/pg/postmaster.pid`, the password in `DATA_DIR/pg-password`. When nothing is
 *   running, the command starts the embedded database itself and stops it when done; do not start
 *   the app meanwhile (its start-up stops a PostgreSQL it finds running on its folder).
 */
export interface ConfiguredDatabase {
  url: string;
  kind: 'embedded' | 'server';
  /** How it was reached, for the command's output. */
  how: string;
  close(): Promise<void>;
}

export async function openConfiguredDatabase(config: Config, log: (m: string) => void = () => {}): Promise<ConfiguredDatabase> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, kind: 'server', how: `PostgreSQL server ${new URL(config.databaseUrl).host}`, close: async () => {} };
  }
  const running = runningEmbedded(config.dataDir);
  if (running) {
    const password = fs.readFileSync(path.join(config.dataDir, 'pg-password'), 'utf8').trim();
    const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running.port}/postgres`;
    const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    try {
      await probe.connect();
    } catch (err) {
      throw new Error(
        `The embedded database in ${config.dataDir} is held by a running PostgreSQL (pid ${running.pid}, port ${running.port}) that does not answer: ` +
          `${(err as Error).message}. If the app is starting or stopping, wait and try again; if it crashed, start the app once (it recovers the database), then retry.`,
        { cause: err },
      );
    } finally {
      await probe.end().catch(() => {});
    }
    return { url, kind: 'embedded', how: `the running app's embedded database (port ${running.port})`, close: async () => {} };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log });
  return { url: embedded.url, kind: 'embedded', how: `the embedded database in ${config.dataDir} (started for this command)`, close: () => embedded.stop() };
}

/** The PostgreSQL running on DATA_DIR/pg, from its postmaster.pid, or null when none is. */
function runningEmbedded(dataDir: string): { pid: number; port: number } | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive, owned by another user (the postgres user when the app runs as root).
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  try {
    if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) return null;
  } catch {
    // No /proc (macOS): trust the live pid.
  }
  return { pid, port };
}
