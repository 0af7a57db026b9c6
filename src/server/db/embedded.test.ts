import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { findFreePort, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';
import '../../../tests/setup/provided-context';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CHILD = path.join(ROOT, 'tests/setup/embedded-child.ts');
const isRoot = process.getuid?.() === 0;
const postgresUser = () => ({
  uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
  gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
});

const makeDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-embedded-test-'));
  fs.chmodSync(dir, 0o755); // as root, the postgres user must be able to enter it
  return dir;
};
const pidFile = (dataDir: string) => path.join(dataDir, 'pg', 'postmaster.pid');
const postmasterPid = (dataDir: string) => Number(fs.readFileSync(pidFile(dataDir), 'utf8').split('\n')[0]);
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z');
  } catch {
    return false;
  }
};

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Starts embedded PostgreSQL in a child process and resolves with its URL once it has written a row. */
function startInChild(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', (line) => {
      resolve({ child, url: (JSON.parse(line) as { url: string }).url });
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${code}: ${stderr}`)));
  });
}

// These start and kill real PostgreSQL servers of their own; one run (api-embedded) is enough.
describe.skipIf(inject('databaseKind') !== 'embedded')('embedded PostgreSQL', () => {
  const dirs: string[] = [];
  const running: EmbeddedDatabase[] = [];

  afterEach(async () => {
    for (const db of running.splice(0)) await db.stop().catch(() => {});
  });
  afterAll(() => {
    for (const dir of dirs) {
      // If a test failed half-way, do not leave a server behind.
      if (fs.existsSync(pidFile(dir))) {
        const pid = postmasterPid(dir);
        if (isAlive(pid)) process.kill(pid, 'SIGQUIT');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('recovers from an app killed with SIGKILL: stops the orphaned server and keeps the data', async () => {
    const dataDir = makeDataDir();
    dirs.push(dataDir);
    const { child, url: firstUrl } = await startInChild(dataDir);
    const orphan = postmasterPid(dataDir);

    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    // The situation under test: the app is gone, its postmaster still runs.
    expect(isAlive(orphan)).toBe(true);

    const db = await startEmbeddedPostgres({ dataDir });
    running.push(db);
    expect(isAlive(orphan)).toBe(false);
    expect(db.url).not.toBe(firstUrl); // a new server on a new port
    expect(await query<{ note: string }>(db.url, 'SELECT note FROM survivor')).toEqual([{ note: 'written before the crash' }]);
  });

  it('starts despite a stale postmaster.pid naming a dead or a non-postgres process', async () => {
    const dataDir = makeDataDir();
    dirs.push(dataDir);
    let db = await startEmbeddedPostgres({ dataDir });
    await query(db.url, 'CREATE TABLE kept (id int)');
    await db.stop();
    expect(fs.existsSync(pidFile(dataDir))).toBe(false);

    const staleFile = (pid: number) => fs.writeFileSync(pidFile(dataDir), `${pid}\n${path.join(dataDir, 'pg')}\n1700000000\n5432\n\n127.0.0.1\n`);

    // A pid that no longer exists (e.g. the whole process group was killed).
    const gone = spawn('true');
    await new Promise((resolve) => gone.once('exit', resolve));
    staleFile(gone.pid!);
    db = await startEmbeddedPostgres({ dataDir });
    expect(await query(db.url, 'SELECT * FROM kept')).toEqual([]);
    await db.stop();

    // A pid reused by an unrelated live process: postgres itself would refuse to start. It must run as
    // the server's own user, because postgres treats a pid it may not signal as stale.
    const unrelated = spawn('sleep', ['30'], isRoot ? postgresUser() : {});
    try {
      staleFile(unrelated.pid!);
      db = await startEmbeddedPostgres({ dataDir });
      running.push(db);
      expect(postmasterPid(dataDir)).not.toBe(unrelated.pid);
      expect(await query(db.url, 'SELECT * FROM kept')).toEqual([]);
      expect(isAlive(unrelated.pid!)).toBe(true);
    } finally {
      unrelated.kill();
    }
  });

  it.runIf(isRoot)('as root, opens a private parent folder to the postgres user (o+x only) and starts', async () => {
    const parent = makeDataDir();
    dirs.push(parent);
    fs.chmodSync(parent, 0o700);
    const messages: string[] = [];
    const db = await startEmbeddedPostgres({ dataDir: path.join(parent, 'data'), log: (m) => messages.push(m) });
    running.push(db);
    expect(fs.statSync(parent).mode & 0o777).toBe(0o701);
    expect(messages.join('\n')).toContain(`search permission (o+x) on ${parent}`);
    expect(await query(db.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('finds a free loopback port', async () => {
    const port = await findFreePort();
    expect(port).toBeGreaterThan(1024);
    expect(port).not.toBe(5432);
  });
});
