import { describe, expect, it } from 'vitest';
import { getTableColumns, getTableName } from 'drizzle-orm';
import { RESOURCES } from './resources';
import { readDatabaseCode } from './db/database-code';
import { AUDITED_TABLE_NAMES } from './modules/history/audited-tables';
import { REPORTS } from './modules/reports/report-definitions';
import { HISTORY_ENTITIES } from '../shared/contract/history';
import { searchResponseSchema } from '../shared/contract/search';
import { REPORT_TYPES } from '../shared/domain/reports';

/**
 * The resources' declarations (`*.resource.ts`) and what the database and the contract hold must
 * agree: a resource declared audited without its trigger, or a trigger without a declaration,
 * fails here rather than leaving a history that silently misses changes.
 */
const code = readDatabaseCode();
const triggersOf = (file: string, suffix: string) =>
  code
    .filter((s) => s.kind === 'trigger' && s.file === file && s.name.endsWith(suffix))
    .map((s) => s.sql.match(/ ON (\w+) /)![1]!)
    .sort();

describe('resource declarations', () => {
  it('have unique names', () => {
    const names = RESOURCES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('declare exactly the tables that have an audit trigger', () => {
    expect([...AUDITED_TABLE_NAMES].sort()).toEqual(triggersOf('audit.sql', '_audit'));
  });

  it('declare every kind of record the history contract names, once', () => {
    const entities = RESOURCES.flatMap((r) => r.audited ?? []).map((a) => a.entity);
    expect([...entities].sort()).toEqual([...HISTORY_ENTITIES].sort());
  });

  it('name, for each audited table, columns that exist', () => {
    for (const audited of RESOURCES.flatMap((r) => r.audited ?? [])) {
      const columns = Object.values(getTableColumns(audited.table)).map((c) => c.name);
      for (const column of [audited.subjectColumn, ...Object.keys(audited.references)].filter((c) => c !== null)) {
        expect(columns, `${getTableName(audited.table)}.${column}`).toContain(column);
      }
    }
  });

  it('give the global search exactly the lists its response has, each kept in its vocabulary', () => {
    const lists = RESOURCES.flatMap((r) => (r.search ? [r.search.list] : []));
    expect(lists).toEqual(Object.keys(searchResponseSchema.shape.totals.shape));
    const searchable = RESOURCES.flatMap((r) => (r.search ? [getTableName(r.search.source.table)] : [])).sort();
    expect(triggersOf('search.sql', '_search_words')).toEqual(searchable);
    expect(triggersOf('search.sql', '_search_words_changed')).toEqual(searchable);
  });

  it('declare every report type once', () => {
    expect(Object.keys(REPORTS)).toEqual([...REPORT_TYPES]);
    const declared = RESOURCES.flatMap((r) => Object.keys(r.reports ?? {}));
    expect(declared.sort()).toEqual([...REPORT_TYPES].sort());
  });

  it('load their routes', async () => {
    for (const resource of RESOURCES) expect(typeof (await resource.routes()), resource.name).toBe('function');
  });
});
