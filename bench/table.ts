/**
 * Prints the "Latest results" tables of bench/README.md from two records of `npm run bench`:
 *   node --import tsx bench/table.ts bench/results/<date>-postgres.json bench/results/<date>-embedded.json
 * Budget marks are the records' own PASS/FAIL lines, in the order the bench printed them.
 */
import fs from 'node:fs';
import type { BudgetLine, Measurements } from './budgets';

type Run = Measurements & { budgets: BudgetLine[]; database: { kind: string; version?: string } };

const [serverFile, embeddedFile] = process.argv.slice(2);
if (!serverFile || !embeddedFile) {
  console.error('usage: node --import tsx bench/table.ts <postgres.json> <embedded.json>');
  process.exit(2);
}
const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Run;
const server = read(serverFile);
const embedded = read(embeddedFile);

const n = (value: number | undefined, digits = 2) =>
  value === undefined || Number.isNaN(value) ? '—' : value.toLocaleString('en-GB', { maximumFractionDigits: digits });
const rate = (value: number) => n(Math.round(value), 0);
/** ✓/✗ for each budget line whose name starts with the scenario's name (p95, rate, ratio; p95, lost). */
const marks = (run: Run, name: string) =>
  run.budgets
    .filter((b) => b.budget.startsWith(`${name} `) && !b.budget.endsWith('non-2xx'))
    .map((b) => (b.pass ? '✓' : '✗'))
    .join('');
const cpu = (c: Measurements['reads'][number]['cpu']) => (c ? `${n(c.serverMs)} + ${n(c.databaseMs)} + ${n(c.loadGeneratorMs)} → ${rate(c.ceilingRps)}` : '—');

console.log(
  '| scenario | PostgreSQL server: p50 / p95 / p99 ms, req/s | CPU ms per request: app + db + load → ceiling req/s | app ÷ SQL (ms / ms) | budgets | embedded: p95 ms, req/s | app ÷ SQL | budgets (×4, ÷4) |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const read of server.reads) {
  const other = embedded.reads.find((r) => r.name === read.name);
  const { load } = read;
  console.log(
    `| \`${read.name}\` | ${n(load.p50)} / ${n(load.p95)} / ${n(load.p99)}, ${rate(load.rps)} | ${cpu(read.cpu)} | ` +
      `${n(read.ratio)} (${n(read.appMedianMs)} / ${n(read.sqlMedianMs)}) | ${marks(server, read.name)} | ` +
      `${other ? `${n(other.load.p95)}, ${rate(other.load.rps)} | ${n(other.ratio)} | ${marks(embedded, read.name)}` : '— | — | —'} |`,
  );
}
for (const write of server.writes) {
  const other = embedded.writes.find((w) => w.name === write.name);
  const { load, check } = write;
  const checked = (c: typeof check) => `${n(c.acknowledged, 0)} acknowledged, ${c.lost} lost, ${c.duplicated} duplicated`;
  console.log(
    `| \`${write.name}\` | ${n(load.p50)} / ${n(load.p95)} / ${n(load.p99)}, ${rate(load.rps)} | ${cpu(write.cpu)} | ${checked(check)} | ` +
      `${marks(server, write.name)} | ${other ? `${n(other.load.p95)}, ${rate(other.load.rps)} | ${checked(other.check)} | ${marks(embedded, write.name)}` : '— | — | —'} |`,
  );
}
console.log(`\nPer-request floor (\`GET /api/user\`): ${n(server.appFloorMs)} ms (embedded ${n(embedded.appFloorMs)} ms).\n`);

const exportOf = (run: Run, format: string) => run.exports.find((e) => e.format === format);
const exported = (run: Run, format: string, withBefore: boolean) => {
  const e = exportOf(run, format);
  return e ? `${n(e.seconds)} s, ${withBefore ? `RSS ${e.rssBeforeMb} MB before, ` : ''}peak ${e.peakRssMb} MB` : '—';
};
const mixed = (run: Run, withMemory: boolean) => {
  const m = run.mixed;
  if (!m) return '—';
  const errors = m.load.non2xx + m.load.errors;
  return (
    `${n(m.load.requests, 0)} answers (${rate(m.load.rps)} req/s), ${errors} errors, p95 ${n(m.load.p95, 0)} ms, p99 ${n(m.load.p99, 0)} ms` +
    (withMemory ? `; RSS ${m.rssFirst10sMb} → ${m.rssLast10sMb} MB` : '')
  );
};
const page = (run: Run, key: 'firstAssetCard' | 'searchResults') => {
  const t = run.frontend?.[key];
  return t ? `${n(t.medianMs, 0)} ms (${Math.min(...t.runsMs)}–${Math.max(...t.runsMs)})` : '—';
};
console.log('| other | PostgreSQL server | embedded | budget |');
console.log('|---|---|---|---|');
console.log(`| export xlsx, 100,000 rows | ${exported(server, 'xlsx', true)} | ${exported(embedded, 'xlsx', false)} | ≤ 15 s, ≤ 350 MB |`);
console.log(`| export csv, 100,000 rows | ${exported(server, 'csv', true)} | ${exported(embedded, 'csv', false)} | ≤ 5 s, ≤ 350 MB |`);
console.log(`| mixed, 50 connections × 30 s | ${mixed(server, true)} | ${mixed(embedded, true)} | 0 errors, p95 < 200 ms, p99 < 500 ms |`);
const bundle = server.frontend?.bundle;
console.log(`| initial JS / CSS gzip | ${bundle ? `${bundle.jsKbGzip} KB / ${bundle.cssKbGzip} KB (${bundle.files.length} files)` : '—'} | — | JS ≤ 200 KB |`);
console.log(`| first asset card on /assets (median of 5) | ${page(server, 'firstAssetCard')} | ${page(embedded, 'firstAssetCard')} | ≤ 1.0 s |`);
console.log(`| first result on /search?q=dell | ${page(server, 'searchResults')} | ${page(embedded, 'searchResults')} | — |`);

const passed = (run: Run) => `${run.budgets.filter((b) => b.pass).length} of ${run.budgets.length}`;
console.log(`\nBudget lines passed: PostgreSQL server ${passed(server)}, embedded ${passed(embedded)}.`);
