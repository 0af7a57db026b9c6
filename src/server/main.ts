import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { loadConfig, ConfigError } from './config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { setUpDatabase } from './db/setup';
import { buildApp } from './app';
import { resolveSecret } from './secrets';
import { warmUpSearch } from './modules/search/warm-up';

/** Entry point: configuration, database (embedded unless DATABASE_URL), migrations, listen, clean shutdown. */
const CLIENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');
/** A process manager usually waits 10 s after SIGTERM before it kills; finish within that. */
const SHUTDOWN_LIMIT_MS = 10_000;

async function main(): Promise<void> {
  const startedAt = performance.now();
  // A .env file in the working directory, if any, fills in what the environment does not set.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: config.logLevel });
  config.sessionSecret = resolveSecret(config.sessionSecret, config.dataDir);

  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: (m) => log.info(m) });
    url = embedded.url;
    log.info(`embedded PostgreSQL running with its data in ${path.join(config.dataDir, 'pg')}`);
  }

  let database;
  try {
    const ready = await setUpDatabase(url, config.sessionSecret, {
      onPoolError: (err) => log.warn({ err }, 'database connection lost'),
      searchMax: config.searchConnections,
    });
    database = ready.database;
    if (!ready.appRole) {
      log.warn(
        'the database role in DATABASE_URL may not create roles, so the app serves requests as the owner of the tables: ' +
          'whoever controls the app could then switch the audit trail off. Give it CREATEROLE, or see docs/decisions/019-app-database-role.md',
      );
    }
  } catch (err) {
    log.fatal({ err }, 'database setup failed');
    await embedded?.stop().catch(() => {});
    process.exit(1);
  }

  const app = await buildApp({ config, db: database.db, clientDir: CLIENT_DIR, backupDatabase: { url, kind: embedded ? 'embedded' : 'server' } });
  const warmed = performance.now();
  try {
    const { connections, searches } = await warmUpSearch(database.db, database.searchConnections);
    log.info({ connections, searches, ms: Math.round(performance.now() - warmed) }, 'search statements prepared');
  } catch (err) {
    // A search still works unprepared, only its first run on each connection is slower.
    log.warn({ err }, 'search warm-up failed');
  }

  let closing = false;
  // A request that was in flight when shutdown began answers on a keep-alive connection, which would
  // then sit idle and hold the server open (Fastify keeps idle connections for 72 s). Closing the
  // connection after that answer lets the server close as soon as the last request is done.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  /**
   * SIGTERM/SIGINT: stop accepting connections (new requests on open ones get 503), let in-flight
   * requests finish, close the pool, stop the embedded database cleanly (so the next start needs no
   * recovery), exit 0. Past SHUTDOWN_LIMIT_MS it gives up and exits 1.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const began = performance.now();
    const step = (message: string) => app.log.info({ signal, ms: Math.round(performance.now() - began) }, message);
    step('shutting down');
    const hardExit = setTimeout(() => {
      app.log.error({ signal }, `shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    hardExit.unref();
    // An answer whose headers left before the signal (a compressed body still streaming) ends on a
    // keep-alive connection without `Connection: close`, and the connection then idles. The server
    // closes idle connections only once, when closing starts, so keep closing them until it is done.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    closeIdle.unref();
    try {
      await app.close();
      clearInterval(closeIdle);
      step('in-flight requests finished, HTTP server closed');
      await database.close();
      await embedded?.stop();
      step('database closed');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  app.log.info(
    `Asset Register ready at http://${shownHost}:${config.port} in ${Math.round(performance.now() - startedAt)} ms ` +
      `(${embedded ? 'embedded database' : 'PostgreSQL server'})`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
