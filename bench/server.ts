import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findFreePort } from '../src/server/db/embedded';

export const ROOT = path.resolve(import.meta.dirname, '..');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LaunchOptions {
  /** `scripts/start.mjs` (what `npm start` runs: builds the client when stale) or `src/server/main.ts` (the bare server). */
  entry?: 'scripts/start.mjs' | 'src/server/main.ts';
  dataDir: string;
  /** A PostgreSQL server; without it the app runs its own embedded database under dataDir. */
  databaseUrl?: string;
  /** The server's stdout and stderr (JSON log lines) are appended here. */
  logFile: string;
  port?: number;
  /** More environment for the server, e.g. LOG_LEVEL or SESSION_SECRET. */
  env?: Record<string, string>;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The real server in a child process of its own, as production runs it (NODE_ENV=production). */
export interface ServerProcess {
  pid: number;
  port: number;
  baseUrl: string;
  logFile: string;
  /** Settles when the process has exited. */
  exit: Promise<Exit>;
  hasExited(): boolean;
  kill(signal: NodeJS.Signals): void;
  /** Resolves once /api/health answers 200; rejects, with the log's tail, if the process exits first. */
  waitUntilReady(timeoutMs?: number): Promise<void>;
  /** What the server has logged so far. */
  log(): string;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<Exit>;
}

export async function launchServer(options: LaunchOptions): Promise<ServerProcess> {
  const port = options.port ?? (await findFreePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const output = fs.openSync(options.logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry ?? 'scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      // Empty means "not set" to the config, and keeps a DATABASE_URL of this environment (or .env) out.
      DATABASE_URL: options.databaseUrl ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // Every sign-in of a bench or test run comes from 127.0.0.1.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      // The load generator reads at thousands a second through a few sessions.
      READ_RATE_LIMIT_PER_MINUTE: '1000000000',
      // As `npm start` sets it: two malloc arenas keep the zlib threads of an xlsx export from
      // holding ~60 MB of freed memory each (ADR 010).
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      ...options.env,
    },
    stdio: ['ignore', output, output],
  });
  fs.closeSync(output);
  let exitInfo: Exit | undefined;
  const exit = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      exitInfo = { code, signal };
      resolve(exitInfo);
    }),
  );
  const log = () => (fs.existsSync(options.logFile) ? fs.readFileSync(options.logFile, 'utf8') : '');

  const server: ServerProcess = {
    pid: child.pid!,
    port,
    baseUrl,
    logFile: options.logFile,
    exit,
    hasExited: () => exitInfo !== undefined,
    kill: (signal) => {
      if (!exitInfo) child.kill(signal);
    },
    log,
    async waitUntilReady(timeoutMs = 240_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (exitInfo) throw new Error(`the server exited during start-up (${JSON.stringify(exitInfo)}):\n${log().slice(-4000)}`);
        try {
          const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
          if (res.ok) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          throw new Error(`the server did not become ready within ${timeoutMs / 1000} s:\n${log().slice(-4000)}`);
        }
        await sleep(100);
      }
    },
    async stop(graceMs = 15_000) {
      if (exitInfo) return exitInfo;
      // SIGTERM: the server finishes in-flight requests, closes its pool and stops its database.
      child.kill('SIGTERM');
      const timer = sleep(graceMs);
      await Promise.race([exit, timer]);
      if (!exitInfo) child.kill('SIGKILL');
      return exit;
    },
  };
  return server;
}

/** The bench's server: `npm start`'s path, on a database given by URL (the bench started it). */
export async function startServer(options: { databaseUrl: string; dataDir: string; logFile: string }): Promise<ServerProcess> {
  const server = await launchServer({ entry: 'scripts/start.mjs', ...options });
  await server.waitUntilReady(240_000);
  return server;
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
