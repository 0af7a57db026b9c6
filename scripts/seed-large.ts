/**
 * `npm run seed:large -- --assets 100000 [--seed 1] [--database-url URL] [--reset]`
 *
 * Fills a database with a realistic estate for benchmarks and demos: one organisation, its regions,
 * sites, buildings, floors and areas; assets of every type with makes, models, serials, conditions
 * and compliance; assessments with defects; actions in every status and priority; meters with
 * reading histories; statutory obligations with their inspection histories; five staff users. Every count scales with --assets (the figures in
 * scripts/seed/locations.ts are for 100,000). The same --seed gives the same estate.
 *
 * Database: --database-url, else DATABASE_URL, else the embedded database under DATA_DIR.
 * A database that already has assets is refused unless --reset, which empties the register tables
 * first (users other than the five seeded ones are kept).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { connectDatabase } from '../src/server/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';
import { hashPassword } from '../src/server/modules/auth/password';
import { BulkInserter } from './seed/bulk-insert';
import { buildEstate, countsFor, LOCATION_COLUMNS, locationRow, type SeedCounts } from './seed/locations';
import { ASSET_COLUMNS, insertAssets } from './seed/assets';
import { ACTION_COLUMNS, ASSESSMENT_COLUMNS, DEFECT_COLUMNS, insertActions, insertAssessments } from './seed/work';
import { insertMeters, METER_COLUMNS, READING_COLUMNS, setLastReadings } from './seed/meters';
import { INSPECTION_COLUMNS, insertCompliance, loadRegimes, OBLIGATION_COLUMNS } from './seed/compliance';
import { ORGANISATION_TIME_ZONE_DEFAULT, todayIn } from '../src/shared/domain/compliance/calendar-date';
import { DAY_MS, Random } from './seed/random';
import { BENCH_USER, SEED_PASSWORD, SEED_USERS } from './seed/users';
import { SEARCH_TERMS } from './seed/vocabulary';

const MIN_ASSETS = 1_000;
const MAX_ASSETS = 1_000_000;
/** Truncated by --reset; CASCADE also empties any later table that references these. */
const REGISTER_TABLES = [
  ...['search_words', 'report_exports', 'media', 'meter_readings', 'meters', 'inspections', 'obligations', 'actions'],
  ...['defects', 'assessments', 'assets', 'locations'],
];
/** How often each seeded user created a record: surveyors do most of the field work. */
const CREATOR_WEIGHTS = [5, 15, 35, 35, 10];

function usage(message: string): never {
  console.error(`${message}\nusage: npm run seed:large -- --assets 100000 [--seed N] [--database-url URL] [--reset]`);
  process.exit(2);
}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      assets: { type: 'string', default: '100000' },
      seed: { type: 'string', default: '1' },
      'database-url': { type: 'string' },
      reset: { type: 'boolean', default: false },
    },
  });
  const assets = Number(values.assets.replace(/[_,]/g, ''));
  if (!Number.isInteger(assets) || assets < MIN_ASSETS || assets > MAX_ASSETS) {
    usage(`--assets must be a whole number from ${MIN_ASSETS.toLocaleString('en-GB')} to ${MAX_ASSETS.toLocaleString('en-GB')}`);
  }
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) usage('--seed must be a whole number');
  return { assets, seed, databaseUrl: values['database-url'], reset: values.reset };
}

/** The table whose progress line is still open on a terminal. */
let liveLine: string | undefined;

/**
 * Prints a table's progress: live on a terminal, else at every fifth of the total (every 20,000
 * rows when the total is not known in advance), with the row rate.
 */
function progress(label: string, total?: number) {
  const started = performance.now();
  const step = total ? total / 5 : 20_000;
  let nextMark = step;
  return (done: number) => {
    const seconds = (performance.now() - started) / 1000;
    const line = `  ${label.padEnd(15)} ${done.toLocaleString('en-GB').padStart(9)}${total ? ` / ${total.toLocaleString('en-GB')}` : ' rows'}` +
      `  ${Math.round(done / Math.max(seconds, 0.001)).toLocaleString('en-GB')} rows/s`;
    if (process.stdout.isTTY) {
      // A table of unknown size leaves its line open; the next table starts a new one.
      if (liveLine && liveLine !== label) process.stdout.write('\n');
      const finished = Boolean(total && done >= total);
      process.stdout.write(`\r${line}${finished ? '\n' : ''}`);
      liveLine = finished ? undefined : label;
    } else if (done >= nextMark || (total && done >= total)) {
      console.log(line);
      while (nextMark <= done) nextMark += step;
    }
  };
}

/**
 * Keeping secondary indexes (the trigram GIN ones above all) up to date row by row costs more than
 * the rest of the load; building each once at the end is several times faster. They are dropped
 * inside the seed's transaction and re-created from their own catalogue definitions, so the schema
 * ends exactly as it started and a failed seed rolls the drop back with everything else. Unique
 * indexes stay: they check the seeded codes as they go in.
 */
async function dropSecondaryIndexes(client: pg.ClientBase): Promise<() => Promise<void>> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(c.oid) AS definition
     FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
     WHERE t.relnamespace = current_schema()::regnamespace AND t.relname = ANY($1) AND NOT x.indisunique AND NOT x.indisprimary`,
    [REGISTER_TABLES],
  );
  for (const { name } of rows) await client.query(`DROP INDEX ${client.escapeIdentifier(name)}`);
  return async () => {
    const started = performance.now();
    for (const { definition } of rows) await client.query(definition);
    console.log(`  rebuilt ${rows.length} secondary indexes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
}

async function upsertUsers(client: pg.ClientBase): Promise<string[]> {
  const hashes = await Promise.all(SEED_USERS.map(() => hashPassword(SEED_PASSWORD)));
  const ids: string[] = [];
  for (const [i, user] of SEED_USERS.entries()) {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO users (username, password_hash, full_name, email, role, created_at)
       VALUES ($1, $2, $3, $4, $5, now() - interval '25 months')
       ON CONFLICT ((lower(username))) DO UPDATE
         SET password_hash = EXCLUDED.password_hash, full_name = EXCLUDED.full_name, email = EXCLUDED.email, role = EXCLUDED.role
       RETURNING id`,
      [user.username, hashes[i], user.fullName, user.email, user.role],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

async function seed(client: pg.ClientBase, counts: SeedCounts, seedNumber: number, reset: boolean): Promise<void> {
  const random = new Random(seedNumber);
  const now = Date.now();
  const start = now - 730 * DAY_MS;
  await client.query('BEGIN');
  try {
    await load(client, counts, random, { now, start, reset });
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

async function load(
  client: pg.ClientBase,
  counts: SeedCounts,
  random: Random,
  { now, start, reset }: { now: number; start: number; reset: boolean },
): Promise<void> {
  const inserter = (table: string, columns: readonly string[], total: number | undefined, dependsOn?: BulkInserter) =>
    new BulkInserter(client, table, columns, { onProgress: progress(table, total), dependsOn });
  // A larger GIN pending list lets the trigram indexes take rows in big sorted batches.
  await client.query("SET LOCAL gin_pending_list_limit = '64MB'");
  await client.query("SET LOCAL maintenance_work_mem = '256MB'");
  // Row triggers (dashboard counts, search words, audit trail) stand aside for a bulk load; the
  // aggregates are rebuilt once at the end. Seeded records are not user changes, so they have no history.
  await client.query("SET LOCAL app.bulk_load = 'on'");
  if (reset) {
    await client.query(`TRUNCATE ${REGISTER_TABLES.join(', ')} CASCADE`);
    console.log(`  emptied ${REGISTER_TABLES.join(', ')}`);
  }
  const rebuildIndexes = await dropSecondaryIndexes(client);
  const userIds = await upsertUsers(client);
  const creators = userIds.map((id, i) => [id, CREATOR_WEIGHTS[i] ?? 1] as const);
  const pickUser = () => random.weighted(creators);

  const estate = buildEstate(random, counts, start);
  const locations = inserter('locations', LOCATION_COLUMNS, estate.all.length);
  for (const location of estate.all) await locations.add(locationRow(location));
  await locations.flush();

  const assetIndex = await insertAssets(inserter('assets', ASSET_COLUMNS, counts.assets), random, {
    count: counts.assets,
    start,
    now,
    estate,
    pickUser,
  });

  const assessments = inserter('assessments', ASSESSMENT_COLUMNS, counts.assessments);
  const findings = await insertAssessments(
    { assessments, defects: inserter('defects', DEFECT_COLUMNS, undefined, assessments) },
    random,
    { count: counts.assessments, now, assets: assetIndex, pickUser },
  );
  await insertActions(inserter('actions', ACTION_COLUMNS, counts.actions), random, {
    count: counts.actions,
    now,
    assets: assetIndex,
    findings,
    pickUser,
  });

  const meters = inserter('meters', METER_COLUMNS, counts.meters);
  await insertMeters({ meters, readings: inserter('meter_readings', READING_COLUMNS, counts.readings, meters) }, random, {
    meters: counts.meters,
    readings: counts.readings,
    start,
    now,
    estate,
    pickUser,
  });
  await setLastReadings(client);

  const obligations = inserter('obligations', OBLIGATION_COLUMNS, counts.assets * 3);
  const compliance = await insertCompliance(
    { obligations, inspections: inserter('inspections', INSPECTION_COLUMNS, undefined, obligations) },
    random,
    { assets: assetIndex, estate, regimes: await loadRegimes(client), today: todayIn(ORGANISATION_TIME_ZONE_DEFAULT, new Date(now)), now, pickUser, userIds },
  );
  console.log(`  ${compliance.obligations} obligations with ${compliance.inspections} inspections`);
  // The aggregates and the search words read whole tables, so they need no secondary index; the
  // search indexes are built after them in one go, not row by row.
  const aggregatesStarted = performance.now();
  await client.query('SELECT rebuild_register_aggregates()');
  console.log(`  counted and indexed the register's words in ${((performance.now() - aggregatesStarted) / 1000).toFixed(1)} s`);
  await rebuildIndexes();

  // Codes were set explicitly; the sequences continue after them so the app's next create is AST-…+1.
  await client.query("SELECT setval('asset_code_seq', $1), setval('assessment_code_seq', $2), setval('action_code_seq', $3)", [
    counts.assets,
    counts.assessments,
    counts.actions,
  ]);
}

async function main(): Promise<void> {
  const options = parseOptions();
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let url = options.databaseUrl ?? config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: (m) => console.log(m) });
    url = embedded.url;
    console.log(`Using the embedded database in ${config.dataDir}`);
  }

  // Two connections: runMigrations holds one for its advisory lock while it migrates on the other.
  const database = connectDatabase(url, { max: 2 });
  // Bulk statements and VACUUM run longer than the app's 10-second statement timeout allows.
  const client = new pg.Client({ connectionString: url, application_name: 'seed-large' });
  try {
    await runMigrations(database);
    await client.connect();
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM assets');
    const existing = Number(rows[0]!.n);
    if (existing > 0 && !options.reset) {
      console.error(`The database already has ${existing.toLocaleString('en-GB')} assets. Seed it anyway with --reset, which empties the register tables first.`);
      process.exitCode = 1;
      return;
    }

    const counts = countsFor(options.assets);
    console.log(`Seeding ${options.assets.toLocaleString('en-GB')} assets (seed ${options.seed}):`);
    const started = performance.now();
    await seed(client, counts, options.seed, options.reset);
    const loaded = performance.now();
    console.log('  vacuum and analyse');
    for (const table of [...REGISTER_TABLES, 'users']) await client.query(`VACUUM (ANALYZE) ${table}`);

    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    const defects = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM defects')).rows[0]!.n);
    console.log(
      `Done in ${seconds(performance.now() - started)} s (load ${seconds(loaded - started)} s, vacuum ${seconds(performance.now() - loaded)} s): ` +
        `${counts.regions} regions, ${counts.sites} sites, ${counts.buildings} buildings, ${counts.floors} floors, ${counts.areas} areas, ` +
        `${counts.assets} assets, ${counts.assessments} assessments with ${defects} defects, ${counts.actions} actions, ${counts.meters} meters, ${counts.readings} readings.`,
    );
    console.log(`Sign in as "${BENCH_USER.username}" with password "${BENCH_USER.password}" (the other seeded staff use the same password: ${SEED_USERS.slice(1).map((u) => u.username).join(', ')}).`);
    console.log(`Search terms with known frequencies: ${Object.values(SEARCH_TERMS).join(', ')}.`);
  } finally {
    await client.end().catch(() => {});
    await database.close();
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
