/**
 * `npm run bench -- [--database-url URL] [--assets 100000] [--duration 10] [--connections 10]`
 *
 * Starts the real server in production mode against a seeded estate, drives it with autocannon and
 * prints each figure against the budgets of docs/performance.md (PASS/FAIL), then writes everything
 * to bench/results/<date>-<db>.json. See bench/README.md for the method. Never part of `npm test`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_USER } from '../scripts/seed/users';
import { SEARCH_TERMS } from '../scripts/seed/vocabulary';
import { evaluate, fmt, type Measurements } from './budgets';
import { ensureSeeded, explain, loadFixtures, openDatabase, sqlTimes, type BenchDatabase } from './database';
import { timeExport } from './exports';
import { bundleSizes, pageTimings } from './frontend';
import { latencyByName, median, runLoad, summarize, type LoadResult, type MixTimings } from './load';
import { mixedWorkload, sampleRss } from './mixed';
import { formatCpu, startCpuCount, type CpuPerRequest } from './cpu';
import { readScenarios, recordSteps, SEARCH_CALLS, type SqlStep } from './scenarios';
import type { Request } from 'autocannon';
import { sequentialClient } from './sequential';
import { ROOT, signIn, startServer, type ServerProcess } from './server';
import { Writes } from './writes';
import { runCorpus } from './corpus';
import { refillThroughApi } from './refill';
import { buildSearchCorpus, CORPUS_CLASSES } from './search-corpus';
import { runAreas } from './areas';
import { runCompliance } from './compliance';
import { runBackupBench } from './backup';
import { runImportBench } from './imports';

const PHASES = ['exports', 'reads', 'ratio', 'corpus', 'areas', 'compliance', 'writes', 'mixed', 'backup', 'import', 'frontend'] as const;
/** The app-vs-SQL comparison alternates between its two sides this many times. */
const RATIO_BLOCKS = 5;
/** Unmeasured seconds of each side before its blocks (a 2-core VM took ~2,000 requests to reach its pace). */
const RATIO_WARM_UP_SECONDS = 1;
type Phase = (typeof PHASES)[number];

function parseOptions() {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      assets: { type: 'string', default: '100000' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      'mixed-duration': { type: 'string', default: '30' },
      'mixed-connections': { type: 'string', default: '50' },
      'sql-runs': { type: 'string', default: '5000' },
      'corpus-per-class': { type: 'string', default: '100' },
      'corpus-seconds': { type: 'string', default: '3' },
      'areas-per-class': { type: 'string', default: '5' },
      'area-lines': { type: 'string' },
      'backup-photos': { type: 'string', default: '10000' },
      'import-rows': { type: 'string', default: '50000' },
      only: { type: 'string' },
      explain: { type: 'boolean', default: false },
      'mixed-without-search': { type: 'boolean', default: false },
      'refill-through-api': { type: 'boolean', default: false },
    },
  });
  const int = (name: keyof typeof values) => {
    const n = Number(String(values[name]).replace(/[_,]/g, ''));
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive whole number`);
    return n;
  };
  const only = values.only?.split(',').map((p) => p.trim()) ?? [...PHASES];
  const unknown = only.filter((p) => !(PHASES as readonly string[]).includes(p));
  if (unknown.length) throw new Error(`--only takes ${PHASES.join(', ')}; not ${unknown.join(', ')}`);
  return {
    databaseUrl: values['database-url'],
    dataDir: values['data-dir'],
    assets: int('assets'),
    duration: int('duration'),
    connections: int('connections'),
    mixedDuration: int('mixed-duration'),
    mixedConnections: int('mixed-connections'),
    sqlRuns: int('sql-runs'),
    corpusPerClass: int('corpus-per-class'),
    corpusSeconds: int('corpus-seconds'),
    areasPerClass: int('areas-per-class'),
    areaLines: values['area-lines'],
    backupPhotos: int('backup-photos'),
    importRows: int('import-rows'),
    phases: new Set(only as Phase[]),
    explain: values.explain,
    mixedWithoutSearch: values['mixed-without-search'],
    refillThroughApi: values['refill-through-api'],
  };
}

function printLoad(name: string, r: LoadResult, cpu?: CpuPerRequest): void {
  console.log(
    `  ${name.padEnd(62)} p50 ${fmt(r.p50).padStart(6)}  p95 ${fmt(r.p95).padStart(6)}  p99 ${fmt(r.p99).padStart(6)} ms` +
      `  ${fmt(r.rps).padStart(6)} req/s  non-2xx ${r.non2xx + r.errors}`,
  );
  if (cpu) console.log(`  ${''.padEnd(62)} ${formatCpu(cpu)}`);
}

/** Counts the server's warnings and errors; keeps its log only when it has something in it. */
function reportServerLog(file: string): void {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const lines = text.split('\n').filter(Boolean);
  if (lines.length === 0) {
    fs.rmSync(file, { force: true });
    return;
  }
  const errors = lines.filter((l) => /"level":(50|60)/.test(l));
  const messages = new Map<string, number>();
  for (const line of errors) {
    const message = /"msg":"([^"]*)"/.exec(line)?.[1] ?? line.slice(0, 80);
    messages.set(message, (messages.get(message) ?? 0) + 1);
  }
  const summary = [...messages].map(([msg, n]) => `${n}× "${msg}"`).join(', ');
  console.log(`Server log: ${lines.length} lines, ${errors.length} errors${summary ? ` (${summary})` : ''}: ${path.relative(process.cwd(), file)}`);
}

async function main(): Promise<void> {
  const options = parseOptions();
  const startedAt = new Date();
  let db: BenchDatabase | undefined;
  let server: ServerProcess | undefined;
  let serverLog: string | undefined;
  const resultsDir = path.join(ROOT, 'bench/results');
  const serverDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asset-register-bench-app-'));
  const cleanup = async () => {
    await server?.stop().catch(() => {});
    if (serverLog) reportServerLog(serverLog);
    await db?.close().catch(() => {});
    fs.rmSync(serverDataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));

  try {
    db = await openDatabase({ url: options.databaseUrl, dataDir: options.dataDir });
    console.log(`Database: ${db.kind === 'embedded' ? 'embedded' : 'server'} PostgreSQL ${db.version}`);
    const assetCount = await ensureSeeded(db, options.assets);
    let fixtures = await loadFixtures(db.pool);
    fs.mkdirSync(resultsDir, { recursive: true });
    const resultsBase = path.join(resultsDir, `${startedAt.toISOString().slice(0, 16).replace(':', '')}-${db.kind}`);
    serverLog = `${resultsBase}-server.log`;
    console.log('Starting the server (it builds the client first when dist/client is stale)');
    server = await startServer({ databaseUrl: db.url, dataDir: serverDataDir, logFile: serverLog });
    const cookie = await signIn(server.baseUrl, BENCH_USER);
    const builtAt = fs.statSync(path.join(ROOT, 'dist/client/index.html')).mtimeMs;
    console.log(`Server ${server.baseUrl} (pid ${server.pid}), ${assetCount.toLocaleString('en-GB')} assets, ${os.cpus().length} CPUs`);

    if (options.refillThroughApi) {
      console.log(`Refilling the register through the API at ${options.connections} connections (assets, then actions)`);
      const refill = await refillThroughApi({
        pool: db.pool,
        baseUrl: server.baseUrl,
        cookie,
        connections: options.connections,
        onProgress: (done, total) => console.log(`  ${done.toLocaleString('en-GB')} / ${total.toLocaleString('en-GB')}`),
      });
      printLoad(`POST /api/assets × ${refill.assets.requests.toLocaleString('en-GB')}`, refill.assets);
      printLoad(`POST /api/actions × ${refill.actions.requests.toLocaleString('en-GB')}`, refill.actions);
      fixtures = await loadFixtures(db.pool);
    }

    const load = (requests: Parameters<typeof runLoad>[0]['requests'], extra: Partial<Parameters<typeof runLoad>[0]> = {}) =>
      runLoad({ baseUrl: server!.baseUrl, cookie, requests, connections: options.connections, duration: options.duration, ...extra });
    const m: Measurements = { reads: [], writes: [], exports: [] };
    const plans: string[] = [];
    const searches = new Map<string, SqlStep[]>();
    for (const call of SEARCH_CALLS) searches.set(call.path, await recordSteps(db, call.run));
    const scenarios = readScenarios({ assetIds: fixtures.assetIds, targetPositions: fixtures.targetPositions, searches });

    if (options.phases.has('exports')) {
      console.log('\nExports: asset_register over every asset (first, so the memory figures are the export\'s own)');
      for (const format of ['xlsx', 'csv'] as const) {
        const e = await timeExport(server.baseUrl, cookie, format, server.pid);
        console.log(`  ${format.padEnd(5)} ${e.status}  ${e.seconds} s  ${e.rows ?? '?'} rows  ${e.megabytes ?? '?'} MB  RSS ${e.rssBeforeMb} MB before, peak ${e.peakRssMb} MB (${e.rssMethod})`);
        m.exports.push(e);
      }
    }

    if (options.phases.has('reads')) {
      console.log(`\nReads: ${options.connections} connections, ${options.duration} s each`);
      for (const s of scenarios) {
        await load([s.request], { amount: options.connections * 20 }); // warm-up
        const cpu = startCpuCount(server.pid);
        const result = await load([s.request]);
        const perRequest = cpu.stop(result.requests);
        printLoad(s.name, result, perRequest);
        m.reads.push({ name: s.name, group: s.group, load: result, cpu: perRequest });
      }
    }

    if (options.phases.has('ratio')) {
      console.log(
        `\nApp vs SQL: median of sequential requests on 1 connection ÷ median of the same SQL through pg on 1 connection ` +
          `(each side ${options.sqlRuns} runs or ${options.duration} s, whichever ends first, in ${RATIO_BLOCKS} alternating blocks)`,
      );
      // Both sides are timed the same way, one at a time on one kept-alive connection, after a warm-up
      // (code paths the load phases did not run, the session's cache); they take turns in blocks, so
      // a burst of other work on the host lands on both.
      const client = sequentialClient(server.baseUrl, cookie);
      const perBlock = Math.ceil(options.sqlRuns / RATIO_BLOCKS);
      const appVsSql = async (request: Request, sql?: SqlStep[]) => {
        await client.times(request, Number.POSITIVE_INFINITY, RATIO_WARM_UP_SECONDS);
        if (sql) await sqlTimes(db!, sql, Number.POSITIVE_INFINITY, RATIO_WARM_UP_SECONDS);
        const app: number[] = [];
        const direct: number[] = [];
        const statusCodes: Record<string, number> = {};
        let seconds = 0;
        for (let block = 0; block < RATIO_BLOCKS; block++) {
          const started = performance.now();
          const run = await client.times(request, perBlock, options.duration / RATIO_BLOCKS);
          seconds += (performance.now() - started) / 1000;
          app.push(...run.times);
          for (const [code, n] of Object.entries(run.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
          if (sql) direct.push(...(await sqlTimes(db!, sql, perBlock, options.duration / RATIO_BLOCKS)));
        }
        const non2xx = Object.entries(statusCodes).reduce((sum, [code, n]) => sum + (code.startsWith('2') ? 0 : n), 0);
        const sqlMs = direct.length ? Math.round(median(direct) * 100) / 100 : Number.NaN;
        return { load: summarize(app, seconds, { non2xx, errors: 0, statusCodes }), sqlMs, runs: direct.length };
      };
      // The app's floor: a signed-in request that only looks up its session.
      m.appFloorMs = (await appVsSql({ method: 'GET', path: '/api/user' })).load.p50;
      console.log(`  ${'GET /api/user (session lookup only: the per-request floor)'.padEnd(62)} app ${fmt(m.appFloorMs).padStart(6)} ms`);
      for (const s of scenarios) {
        const { load: app, sqlMs, runs } = await appVsSql(s.request, s.sql);
        const ratio = Math.round((app.p50 / sqlMs) * 100) / 100;
        console.log(
          `  ${s.name.padEnd(62)} app ${fmt(app.p50).padStart(6)} ms (${app.requests})  SQL ${fmt(sqlMs).padStart(6)} ms (${runs})  ratio ${fmt(ratio)}`,
        );
        const entry = m.reads.find((r) => r.name === s.name);
        if (entry) Object.assign(entry, { appMedianMs: app.p50, sqlMedianMs: sqlMs, ratio });
        else m.reads.push({ name: s.name, group: s.group, load: app, sequentialOnly: true, appMedianMs: app.p50, sqlMedianMs: sqlMs, ratio });
        if (options.explain) for (const step of s.sql) plans.push(`-- ${s.name}\n${step.text}\n${await explain(db, step)}\n`);
      }
      client.close();
    }

    if (options.phases.has('corpus')) {
      const corpus = await buildSearchCorpus(db.pool, options.corpusPerClass);
      console.log(
        `\nSearch corpus: ${corpus.length} queries from the register in ${CORPUS_CLASSES.length} classes; each route: every query once in ` +
          `sequence, then the class in turn at ${options.connections} connections for ${options.corpusSeconds} s (p50 / p95 / max ms)`,
      );
      m.corpus = await runCorpus({
        baseUrl: server.baseUrl,
        cookie,
        corpus,
        connections: options.connections,
        seconds: options.corpusSeconds,
        onResult: (r) =>
          console.log(
            `  ${`${r.target} · ${r.cls} (${r.queries})`.padEnd(52)} sequential ${fmt(r.sequential.p50).padStart(6)} ${fmt(r.sequential.p95).padStart(6)} ${fmt(r.sequential.max).padStart(6)}` +
              `   ${options.connections} conn ${fmt(r.concurrent.p50).padStart(6)} ${fmt(r.concurrent.p95).padStart(6)} ${fmt(r.concurrent.max).padStart(6)}  ${fmt(r.concurrent.rps).padStart(6)} req/s` +
              `${r.sequential.non2xx + r.concurrent.non2xx + r.concurrent.errors ? `  non-2xx ${r.sequential.non2xx + r.concurrent.non2xx + r.concurrent.errors}` : ''}`,
          ),
      });
    }

    if (options.phases.has('areas')) {
      console.log(
        `\nArea managers (ADR 024): the reads of a user limited to areas, beside the whole estate's; ` +
          `${options.connections} connections, ${options.duration} s each`,
      );
      const areas = await runAreas({
        db,
        baseUrl: server.baseUrl,
        serverPid: server.pid,
        adminCookie: cookie,
        connections: options.connections,
        duration: options.duration,
        perClass: options.areasPerClass,
        lines: options.areaLines,
        explain: options.explain,
        print: printLoad,
      });
      m.areas = areas.result;
      plans.push(...areas.plans);
    }

    if (options.phases.has('compliance')) {
      console.log(`\nCompliance (ADR 025): /compliance, the location tree, an asset's tab and recording an inspection; ${options.connections} connections, ${options.duration} s each`);
      m.compliance = await runCompliance({
        pool: db.pool,
        baseUrl: server.baseUrl,
        serverPid: server.pid,
        cookie,
        connections: options.connections,
        duration: options.duration,
        print: printLoad,
      });
    }

    const writes = new Writes(fixtures);
    if (options.phases.has('writes')) {
      console.log(`\nWrites: ${options.connections} connections, ${options.duration} s each`);
      for (const [name, request] of [
        ['POST /api/assets', () => writes.createAsset()],
        ['POST /api/meter-readings', () => writes.createReading()],
      ] as const) {
        const cpu = startCpuCount(server.pid);
        const result = await load([request()]);
        const perRequest = cpu.stop(result.requests);
        printLoad(name, result, perRequest);
        m.writes.push({ name, load: result, cpu: perRequest, check: { acknowledged: 0, stored: 0, lost: 0, duplicated: 0, storedWithoutAck: 0 } });
      }
      const checks = await writes.verify(db.pool);
      m.writes[0]!.check = checks.assets;
      m.writes[1]!.check = checks.readings;
      console.log(`  assets:   ${JSON.stringify(checks.assets)}\n  readings: ${JSON.stringify(checks.readings)}`);
    }

    if (options.phases.has('mixed')) {
      console.log(
        `\nMixed: ${options.mixedConnections} connections for ${options.mixedDuration} s (reads, dashboard and writes interleaved` +
          `${options.mixedWithoutSearch ? '; global search left out' : ''})`,
      );
      const timings: MixTimings = new Map();
      const mix = mixedWorkload(scenarios, writes, { withoutSearch: options.mixedWithoutSearch, timings });
      const rss = sampleRss(server.pid);
      const result = await load([mix], { connections: options.mixedConnections, duration: options.mixedDuration });
      const memory = rss.stop();
      printLoad('mixed', result);
      const checks = await writes.verify(db.pool);
      const byKind = latencyByName(timings);
      m.mixed = { load: result, checks: [checks.assets, checks.readings], rssFirst10sMb: memory.firstMb, rssLast10sMb: memory.lastMb, byKind };
      for (const kind of byKind) {
        console.log(`    ${kind.name.padEnd(60)} p50 ${fmt(kind.p50).padStart(6)}  p95 ${fmt(kind.p95).padStart(6)}  p99 ${fmt(kind.p99).padStart(6)} ms  (${kind.count})`);
      }
      console.log(`  status codes ${JSON.stringify(result.statusCodes)}; server RSS first 10 s ${m.mixed.rssFirst10sMb} MB, last 10 s ${m.mixed.rssLast10sMb} MB`);
      console.log(`  all writes so far: assets ${JSON.stringify(checks.assets)}, readings ${JSON.stringify(checks.readings)}`);
    }

    if (options.phases.has('backup')) {
      console.log(`\nBackup (issue 24): the mixed workload at ${options.connections} connections, ${options.duration * 3} s without a backup, then while Back up now runs`);
      m.backup = await runBackupBench({
        pool: db.pool,
        baseUrl: server.baseUrl,
        cookie,
        serverDataDir,
        photos: options.backupPhotos,
        connections: options.connections,
        duration: options.duration * 3,
        mix: () => mixedWorkload(scenarios, writes, { withoutSearch: options.mixedWithoutSearch }),
        print: printLoad,
      });
      const checks = await writes.verify(db.pool);
      m.backup.checks = [checks.assets, checks.readings];
      console.log(`  p95 during ÷ usual: ${m.backup.ratio}; all writes so far: assets ${JSON.stringify(checks.assets)}, readings ${JSON.stringify(checks.readings)}`);
    }

    if (options.phases.has('import')) {
      console.log(`\nSpreadsheet import (issue 26): ${options.importRows.toLocaleString('en-GB')} rows × 25 columns, uploaded, dry run and committed`);
      m.import = await runImportBench({ pool: db.pool, baseUrl: server.baseUrl, cookie, serverPid: server.pid, rows: options.importRows });
      const r = m.import;
      console.log(`  ${r.fileMb} MB: upload ${r.uploadSeconds} s, dry run ${r.dryRunSeconds} s, commit ${r.commitSeconds} s (${r.status}), peak server RSS ${r.peakRssMb} MB from ${r.startRssMb} MB before it (upload ${r.peakRssMbBy.upload}, dry run ${r.peakRssMbBy.dryRun}, commit ${r.peakRssMbBy.commit})`);
      console.log(`  dry run ${JSON.stringify(r.dryRun)}, ${r.newLocations} new locations; commit ${JSON.stringify(r.commit)}${r.message ? `: ${r.message}` : ''}`);
    }

    if (options.phases.has('frontend')) {
      console.log('\nFront end');
      const bundle = bundleSizes(path.join(ROOT, 'dist/client'));
      console.log(`  initial JS ${bundle.jsKbGzip} KB gzip, CSS ${bundle.cssKbGzip} KB gzip (${bundle.files.length} files)`);
      m.frontend = { bundle };
      try {
        const timings = await pageTimings(server.baseUrl, BENCH_USER, SEARCH_TERMS.common);
        Object.assign(m.frontend, timings);
        console.log(`  first asset card on /assets: median ${timings.firstAssetCard.medianMs} ms (${timings.firstAssetCard.runsMs.join(', ')})`);
        console.log(`  first result on /search?q=${SEARCH_TERMS.common}: median ${timings.searchResults.medianMs} ms (${timings.searchResults.runsMs.join(', ')})`);
      } catch (err) {
        const rebuilt = fs.statSync(path.join(ROOT, 'dist/client/index.html')).mtimeMs > builtAt;
        console.log(`  browser timings skipped: ${err instanceof Error ? err.message.split('\n')[0] : err}`);
        if (rebuilt) console.log('  (dist/client was rebuilt while the bench ran, so the server no longer had the files index.html names: run again)');
      }
    }

    const budgets = evaluate(m, db.kind);
    console.log(`\nBudgets (${db.kind === 'embedded' ? 'embedded database: times ×4, rates ÷4' : 'PostgreSQL server'}; set for 100,000 assets, this run has ${assetCount.toLocaleString('en-GB')})`);
    for (const b of budgets) console.log(`  ${b.pass ? 'PASS' : 'FAIL'}  ${b.budget.padEnd(70)} ${b.measured.padStart(14)}  ${b.limit}`);
    const failed = budgets.filter((b) => !b.pass).length;
    console.log(`${budgets.length - failed} passed, ${failed} failed`);

    const file = `${resultsBase}.json`;
    const cpus = os.cpus();
    const record = {
      startedAt: startedAt.toISOString(),
      machine: { cpu: cpus[0]?.model, cpus: cpus.length, memoryGb: Math.round(os.totalmem() / 2 ** 30), os: `${os.type()} ${os.release()}`, node: process.version },
      database: { kind: db.kind, version: db.version, assets: assetCount },
      options: { ...options, phases: [...options.phases], databaseUrl: options.databaseUrl ? '(given)' : undefined },
      ...m,
      budgets,
    };
    fs.writeFileSync(file, JSON.stringify(record, null, 2) + '\n');
    console.log(`Results: ${path.relative(process.cwd(), file)}`);
    if (plans.length) {
      const planFile = file.replace(/\.json$/, '-plans.txt');
      fs.writeFileSync(planFile, plans.join('\n'));
      console.log(`Query plans: ${path.relative(process.cwd(), planFile)}`);
    }
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
