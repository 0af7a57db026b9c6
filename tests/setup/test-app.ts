import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { connectDatabase, type Database, type Db } from '../../src/server/db/client';
import { findFreePort } from '../../src/server/db/embedded';
import { setUpDatabase } from '../../src/server/db/setup';
import { appRoleName } from '../../src/server/db/app-role';
import type { User } from '../../src/shared/contract/auth';
import './provided-context';

/** A clock the test moves by hand; the app reads it for sessions and sign-in throttling. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export function createClock(start = new Date()): TestClock {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export interface TestDatabase {
  name: string;
  url: string;
  /** Drops the database and the app role made for it. */
  drop(): Promise<void>;
}

/** Creates an empty, uniquely named database on the server the project runs against. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `${inject('testDatabasePrefix')}${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withAdmin(adminUrl, async (admin) => {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.query(`DROP ROLE IF EXISTS "${appRoleName(name)}"`);
      }),
  };
}

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface TestAppOptions {
  /** Environment overrides for loadConfig, e.g. { AUTH_RATE_LIMIT_PER_MINUTE: '5' }. */
  env?: Record<string, string>;
  /** Collect the app's JSON log lines (at LOG_LEVEL info unless env says otherwise). */
  captureLogs?: boolean;
  clock?: TestClock;
  onRoute?: (route: RouteOptions) => void;
}

export interface TestApp {
  /** Not yet ready: tests may still add routes before the first inject(). */
  app: FastifyInstance;
  /** The app's pool: as the app role, which owns nothing (ADR 019); tests write fixtures through it. */
  db: Db;
  database: Database;
  /** As the tables' owner (migrations, the bulk seed): for tests that need what the app may not do. */
  ownerDb: Db;
  /** Connection URL of this app's own database, as the owner. */
  databaseUrl: string;
  config: Config;
  clock: TestClock;
  /** Captured log lines (empty unless captureLogs). */
  logs: string[];
  /** DATA_DIR of this app (local object storage lives under it); removed by close(). */
  dataDir: string;
  /**
   * A second app process on the same database, with its own pool and caches (as behind a load
   * balancer), sharing the clock and the signing secret. Close it before close(). With
   * `ownDataDir` it has a DATA_DIR of its own (another machine's disk), removed when it closes.
   */
  spawnProcess(options?: { ownDataDir?: boolean }): Promise<FastifyInstance & { close(): Promise<void> }>;
  /** Closes the app and the pool and drops the database. */
  close(): Promise<void>;
}

/** The whole app on a fresh, migrated database of its own, with a controllable clock. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const clock = options.clock ?? createClock();
  const logs: string[] = [];
  // Local object storage (photos, exports) goes to a folder of this app's own.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-test-data-'));
  const secret = crypto.randomBytes(32).toString('base64url');
  let app: FastifyInstance | undefined;
  let database: Database | undefined;
  let owner: Database | undefined;
  try {
    ({ database } = await setUpDatabase(testDb.url, secret, { max: 5 }));
    owner = connectDatabase(testDb.url, { max: 2 });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: options.captureLogs ? 'info' : (process.env.TEST_LOG_LEVEL ?? 'silent'),
      DATA_DIR: dataDir,
      SESSION_SECRET: secret,
      ...options.env,
    });
    const backupDatabase = { url: testDb.url, kind: inject('databaseKind') };
    app = await buildApp({
      config,
      db: database.db,
      now: clock.now,
      backupDatabase,
      onRoute: options.onRoute,
      logStream: options.captureLogs ? { write: (line: string) => void logs.push(line) } : undefined,
    });
    const builtApp = app;
    const appDatabase = database;
    const ownerDatabase = owner;
    return {
      app: builtApp,
      db: appDatabase.db,
      database: appDatabase,
      ownerDb: ownerDatabase.db,
      databaseUrl: testDb.url,
      config,
      clock,
      logs,
      dataDir,
      async spawnProcess(processOptions = {}) {
        const url = new URL(appDatabase.pool.options.connectionString!);
        const processDatabase = connectDatabase(url.toString(), { max: 3 });
        const ownDataDir = processOptions.ownDataDir ? fs.mkdtempSync(path.join(os.tmpdir(), 'ar-test-data-')) : undefined;
        const other = await buildApp({ config: ownDataDir ? { ...config, dataDir: ownDataDir } : config, db: processDatabase.db, now: clock.now, backupDatabase });
        other.addHook('onClose', async () => {
          await processDatabase.close();
          if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
        });
        return other;
      },
      async close() {
        await builtApp.close();
        if (!appDatabase.pool.ended) await appDatabase.close();
        if (!ownerDatabase.pool.ended) await ownerDatabase.close();
        await testDb.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await app?.close().catch(() => {});
    await database?.close().catch(() => {});
    await owner?.close().catch(() => {});
    await testDb.drop().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** The app wired to a database port where nothing listens: every query fails as in an outage. */
export async function createAppWithUnreachableDatabase(): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const port = await findFreePort();
  const database = connectDatabase(`postgres://postgres@127.0.0.1:${port}/unreachable`);
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), db: database.db });
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

// ---- HTTP helpers ---------------------------------------------------------------------------

/** A JSON POST as the client sends it (the server answers 415 to anything but application/json). */
export function postJson(
  app: FastifyInstance,
  url: string,
  body: unknown,
  { cookie, headers }: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(cookie && { cookie }), ...headers },
    payload: JSON.stringify(body),
  });
}

/** Any call as a signed-in client makes it: a JSON body when there is one, none otherwise. */
export function sendAs(app: FastifyInstance, cookie: string, method: InjectOptions['method'], url: string, body?: unknown): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
}

/** The created record of a 2xx answer; a fixture a test relies on throws with the server's reason. */
export async function createdBy<T = { id: string }>(res: Promise<LightMyRequestResponse>): Promise<T> {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`refused: ${r.statusCode} ${r.body}`);
  return r.json<T>();
}

export function getJson(app: FastifyInstance, url: string, cookie?: string, extra: Partial<InjectOptions> = {}) {
  return app.inject({ method: 'GET', url, ...extra, headers: { ...(cookie && { cookie }), ...extra.headers } });
}

/** The session cookie a response set, as a `name=value` request header; throws if there is none. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const found = response.cookies.find((c) => (c.name === 'sid' || c.name === '__Host-sid') && c.value);
  if (!found) throw new Error(`No session cookie in response ${response.statusCode}: ${response.body}`);
  return `${found.name}=${found.value}`;
}

let userCounter = 0;

export interface NewUserInput {
  fullName: string;
  username: string;
  password: string;
  email: string;
  role: string;
}

/** Valid registration fields with a username unique to this run. */
export function newUser(overrides: Partial<NewUserInput> = {}): NewUserInput {
  userCounter += 1;
  return {
    fullName: 'Test User',
    username: `user${userCounter}_${crypto.randomBytes(3).toString('hex')}`,
    password: 'correct horse battery staple',
    email: '',
    role: 'surveyor',
    ...overrides,
  };
}

/** Registers a user (signed in by the registration) and returns the session cookie header. */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<NewUserInput> = {},
): Promise<{ input: NewUserInput; user: User; cookie: string }> {
  const input = newUser(overrides);
  const response = await postJson(app, '/api/register', input);
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { input, user: response.json<User>(), cookie: sessionCookie(response) };
}

export async function signIn(app: FastifyInstance, username: string, password: string, cookie?: string): Promise<string> {
  const response = await postJson(app, '/api/login', { username, password }, { cookie });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return sessionCookie(response);
}

/** Parsed JSON log lines. */
export function parseLogs(logs: string[]): Array<Record<string, unknown>> {
  return logs.map((line) => JSON.parse(line) as Record<string, unknown>);
}
