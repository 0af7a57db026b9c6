import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import './context';

export type DatabaseKind = 'embedded' | 'server';

/** The PostgreSQL server of CI, when there is one. */
export const serverAdminUrl = process.env.TEST_DATABASE_URL || undefined;

/** Every test runs on the embedded database, and on the server too when TEST_DATABASE_URL is set. */
export const DATABASE_KINDS: DatabaseKind[] = serverAdminUrl ? ['embedded', 'server'] : ['embedded'];

/** A temporary folder the embedded PostgreSQL (run as the postgres user when we are root) can enter. */
export function tempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ar-chaos-${label}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export interface ServerDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database on the PostgreSQL server, named with this run's prefix. */
export async function createServerDatabase(): Promise<ServerDatabase> {
  if (!serverAdminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${inject('chaosDatabasePrefix')}${crypto.randomBytes(5).toString('hex')}`;
  await withClient(serverAdminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverAdminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withClient(serverAdminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}

export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}

// ---- The embedded database the app runs under DATA_DIR/pg -----------------------------------

/**
 * postmaster.pid, as PostgreSQL writes it: line 1 the postmaster's pid, line 4 its port. Present
 * while the server runs, and left behind when it was killed.
 */
function readPostmasterPid(dataDir: string): { pid: number; port: number } | undefined {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!fs.existsSync(file)) return undefined;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

export const postmasterPid = (dataDir: string) => readPostmasterPid(dataDir)?.pid;
export const hasPostmasterPidFile = (dataDir: string) => readPostmasterPid(dataDir) !== undefined;

/** How to reach the embedded database of a running app: its password file and the port it listens on. */
export function embeddedDatabaseUrl(dataDir: string): string {
  const running = readPostmasterPid(dataDir);
  if (!running) throw new Error(`no embedded PostgreSQL is running in ${dataDir}`);
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running.port}/postgres`;
}

/**
 * The cluster state recorded in global/pg_control (what pg_controldata prints as "Database cluster
 * state"; the embedded binaries do not ship that tool). The field follows the 64-bit system
 * identifier and two 32-bit version numbers. "shut down" means the next start needs no recovery;
 * "in production" after the server has stopped means it crashed and will replay its WAL.
 */
const CLUSTER_STATES = ['starting up', 'shut down', 'shut down in recovery', 'shutting down', 'in crash recovery', 'in archive recovery', 'in production'];

export function clusterState(dataDir: string): string {
  const control = fs.readFileSync(path.join(dataDir, 'pg', 'global', 'pg_control'));
  const state = control.readUInt32LE(16);
  return CLUSTER_STATES[state] ?? `unknown (${state})`;
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // An exited child not yet reaped (a zombie) still answers signal 0.
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

export async function waitForProcessExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * Stops an embedded PostgreSQL that a killed app left running (the postmaster outlives its parent),
 * so a test leaves no process behind: fast shutdown, then SIGKILL if it does not go.
 */
export async function stopLeftoverPostmaster(dataDir: string): Promise<void> {
  const pid = postmasterPid(dataDir);
  if (!pid || !isProcessAlive(pid)) return;
  try {
    if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) return;
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  if (!(await waitForProcessExit(pid, 10_000))) process.kill(pid, 'SIGKILL');
}
