import { connectDatabase, type Database, type DatabaseOptions } from './client';
import { assertDurable, runMigrations } from './migrate';
import { prepareAppRole, type AppRole } from './app-role';

export interface ReadyDatabase {
  /** The pool the app serves requests with: as the app role when there is one. */
  database: Database;
  /** Null when the given role may not create roles: the app then runs as the tables' owner. */
  appRole: AppRole | null;
}

/**
 * As the owner (the URL the app was given): refuse a database that can lose commits, apply the
 * migrations, and prepare the app's own role; then connect as that role (ADR 019).
 */
export async function setUpDatabase(ownerUrl: string, secret: string, options: DatabaseOptions = {}): Promise<ReadyDatabase> {
  const owner = connectDatabase(ownerUrl, { ...options, max: 2 });
  let appRole: AppRole | null;
  try {
    await assertDurable(owner);
    await runMigrations(owner);
    appRole = await prepareAppRole(owner.pool, ownerUrl, secret);
  } finally {
    await owner.close();
  }
  const database = connectDatabase(appRole?.url ?? ownerUrl, options);
  try {
    await database.pool.query('SELECT 1');
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return { database, appRole };
}
