import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import type pg from 'pg';
import { ACTION_STATUSES, OPEN_ACTION_STATUSES } from '../../shared/domain/actions';
import { DATABASE_CODE_DIR, normalisedDefinition as normalised, readDatabaseCode, replaceFunctions, replaceTriggers } from './database-code';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const code = readDatabaseCode();

describe('the database code (src/server/db/sql)', () => {
  it('applies everything the files hold: outside the statements it reads there are only comments', () => {
    for (const file of fs.readdirSync(DATABASE_CODE_DIR).filter((f) => f.endsWith('.sql'))) {
      let rest = fs.readFileSync(path.join(DATABASE_CODE_DIR, file), 'utf8');
      for (const statement of code.filter((s) => s.file === file)) rest = rest.replace(statement.sql, '');
      const unread = rest.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('--'));
      expect(unread, `${file}: statements not written as CREATE OR REPLACE FUNCTION … $$; or a one-line CREATE OR REPLACE TRIGGER`).toEqual([]);
    }
  });

  it('defines each function and trigger once', () => {
    for (const kind of ['function', 'trigger'] as const) {
      const names = code.filter((s) => s.kind === kind).map((s) => s.name);
      expect(names.length).toBeGreaterThan(0);
      expect(new Set(names).size, `${kind}s defined twice`).toBe(names.length);
    }
  });

  it('is exactly the functions of a migrated database: none missing, none else, each as written', async () => {
    const { rows } = await t.db.$client.query<{ name: string; definition: string; body: string }>(`
      SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition, p.prosrc AS body
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`);
    const inDatabase = new Map(rows.map((r) => [r.name, r]));
    const inFiles = code.filter((s) => s.kind === 'function');
    expect([...inDatabase.keys()].sort()).toEqual(inFiles.map((s) => s.name).sort());
    for (const statement of inFiles) {
      const found = inDatabase.get(statement.name)!;
      expect(normalised(found.definition), `${statement.file}: ${statement.name}`).toBe(normalised(statement.sql));
      // The body byte for byte, white space included.
      expect(found.body, `${statement.file}: ${statement.name}`).toBe(/AS \$\$([\s\S]*)\$\$;$/.exec(statement.sql)![1]);
    }
  });

  it('holds an action open at exactly OPEN_ACTION_STATUSES (action_is_open, the kept due counts)', async () => {
    for (const status of ACTION_STATUSES) {
      const { rows } = await t.db.$client.query<{ open: boolean }>('SELECT action_is_open($1) AS open', [status]);
      expect(rows[0]!.open, status).toBe(OPEN_ACTION_STATUSES.includes(status));
    }
  });

  it('is exactly the triggers of a migrated database: none missing, none else, each as written', async () => {
    const { rows } = await t.db.$client.query<{ name: string; definition: string }>(
      `SELECT tgname AS name, pg_get_triggerdef(oid) AS definition FROM pg_trigger WHERE NOT tgisinternal`,
    );
    const inDatabase = new Map(rows.map((r) => [r.name, r.definition]));
    const inFiles = code.filter((s) => s.kind === 'trigger');
    expect([...inDatabase.keys()].sort()).toEqual(inFiles.map((s) => s.name).sort());
    for (const statement of inFiles) {
      expect(normalised(inDatabase.get(statement.name)!), `${statement.file}: ${statement.name}`).toBe(normalised(statement.sql));
    }
  });

  it('replaces only what is missing or differs, so a start over an up-to-date database changes nothing', async () => {
    // As the owner, who applies the database code at a start.
    const client = await t.ownerDb.$client.connect();
    const sent: string[] = [];
    const recording = new Proxy(client, {
      get: (target, key) =>
        key === 'query'
          ? (text: string | { text: string }, ...rest: unknown[]) => {
              sent.push(typeof text === 'string' ? text : text.text);
              return (target.query as (...args: unknown[]) => unknown)(text, ...rest);
            }
          : Reflect.get(target, key),
    }) as pg.PoolClient;
    try {
      await replaceFunctions(recording);
      await replaceTriggers(recording);
      expect(sent.filter((q) => q.startsWith('CREATE'))).toEqual([]);

      // A trigger someone dropped by hand comes back, alone.
      await client.query('DROP TRIGGER meters_audit ON meters');
      await replaceTriggers(recording);
      const created = sent.filter((q) => q.startsWith('CREATE'));
      expect(created).toHaveLength(1);
      expect(created[0]).toContain('TRIGGER meters_audit ');
    } finally {
      client.release();
    }
  });
});
