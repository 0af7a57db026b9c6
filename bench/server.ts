import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findFreePort } from '../src/server/db/embedded';

export const ROOT = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The real server as `npm start` runs it in production (scripts/start.mjs builds the client first
 * if it is stale), in a child process so its CPU and memory are its own. The database is always
 * given by URL: for the embedded case the bench has started that PostgreSQL itself.
 */
export async function startServer(options: { databaseUrl: string; dataDir: string; logFile: string }): Promise<RunningServer> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const output = fs.openSync(options.logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // Every sign-in of the bench (and of its browser runs) comes from 127.0.0.1.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    // Its output (warnings and errors only) goes to a file, so a failing scenario cannot bury the figures.
    stdio: ['ignore', output, output],
  });
  fs.closeSync(output);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));

  const deadline = Date.now() + 240_000;
  for (;;) {
    if (exited) throw new Error(`the server exited during start-up:\n${fs.readFileSync(options.logFile, 'utf8').slice(-4000)}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the server did not become ready within 240 s');
    }
    await sleep(250);
  }

  return {
    baseUrl,
    pid: child.pid!,
    async stop() {
      if (exited) return;
      // SIGTERM: the server finishes in-flight requests and closes its pool.
      child.kill('SIGTERM');
      await Promise.race([exit, sleep(15_000)]);
      if (!exited) child.kill('SIGKILL');
    },
  };
}

/** Signs in over HTTP and returns the Cookie header value of the new session. */
export async function signIn(baseUrl: string, credentials: { username: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!res.ok) throw new Error(`sign-in as ${credentials.username} failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (cookies.length === 0) throw new Error('sign-in answered without a session cookie');
  return cookies.join('; ');
}
