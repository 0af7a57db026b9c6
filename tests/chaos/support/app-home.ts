import fs from 'node:fs';
import path from 'node:path';
import { launchServer, type ServerProcess } from '../../../bench/server';
import {
  createServerDatabase,
  embeddedDatabaseUrl,
  stopLeftoverPostmaster,
  tempDir,
  type DatabaseKind,
  type ServerDatabase,
} from './databases';

export interface LaunchExtras {
  /** More environment, e.g. { LOG_LEVEL: 'info' }. */
  env?: Record<string, string>;
  /** Point this process at another database than the home's (e.g. the embedded one of another app). */
  databaseUrl?: string;
}

/**
 * Where one app under test lives: its DATA_DIR (a temporary folder) and its database, either the
 * embedded one the app starts under DATA_DIR/pg or a fresh database on the PostgreSQL server. Every
 * process launched from here runs `src/server/main.ts` in production mode with its own log file;
 * `cleanup` kills whatever is still running and removes the folder and the database.
 */
export class AppHome {
  readonly processes: ServerProcess[] = [];

  private constructor(
    readonly kind: DatabaseKind,
    readonly dataDir: string,
    private readonly serverDatabase: ServerDatabase | undefined,
  ) {}

  static async create(kind: DatabaseKind, label: string): Promise<AppHome> {
    const dataDir = tempDir(label);
    try {
      return new AppHome(kind, dataDir, kind === 'server' ? await createServerDatabase() : undefined);
    } catch (err) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw err;
    }
  }

  /** The database as a client reaches it (for the embedded one, only while an app of this home runs it). */
  databaseUrl(): string {
    return this.serverDatabase?.url ?? embeddedDatabaseUrl(this.dataDir);
  }

  /** The PostgreSQL-server database's name (undefined for the embedded database). */
  get serverDatabaseName(): string | undefined {
    return this.serverDatabase?.name;
  }

  /** Starts a server process without waiting for it (e.g. to see it refuse to start). */
  async launch(extras: LaunchExtras = {}): Promise<ServerProcess> {
    const server = await launchServer({
      entry: 'src/server/main.ts',
      dataDir: this.dataDir,
      databaseUrl: extras.databaseUrl ?? this.serverDatabase?.url,
      logFile: path.join(this.dataDir, `server-${this.processes.length + 1}.log`),
      env: extras.env,
    });
    this.processes.push(server);
    return server;
  }

  /** Starts a server process and waits until it answers. */
  async start(extras: LaunchExtras = {}): Promise<ServerProcess> {
    const server = await this.launch(extras);
    await server.waitUntilReady(120_000);
    return server;
  }

  async cleanup(): Promise<void> {
    for (const server of this.processes) {
      if (server.hasExited()) continue;
      server.kill('SIGKILL');
      await server.exit;
    }
    if (this.kind === 'embedded') await stopLeftoverPostmaster(this.dataDir);
    await this.serverDatabase?.drop();
    if (process.env.CHAOS_KEEP_DATA) console.log(`kept ${this.dataDir}`);
    else fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
