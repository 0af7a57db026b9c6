// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database in
// DATA_DIR (the app also does this at start-up).
import { loadConfig } from '../src/server/config';
import { connectDatabase } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';

const config = loadConfig();
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres({ dataDir: config.dataDir, log: console.log });
const database = connectDatabase(config.databaseUrl ?? embedded!.url);
try {
  await runMigrations(database);
  console.log('migrations applied');
} finally {
  await database.close();
  await embedded?.stop();
}
