import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

/**
 * The database's own code: every function and trigger, each defined once, in `sql/*.sql` by
 * concern (ADR 022). Migrations hold tables, indexes and data changes only; these files are the
 * current definitions and are applied at every start, as the owner:
 *
 * 1. functions, before the migrations (an index or a migration may use one; their bodies are not
 *    checked against tables that do not exist yet),
 * 2. the migrations,
 * 3. triggers, after them (their tables exist by then).
 *
 * Every statement is CREATE OR REPLACE, so applying them again changes nothing; a function or
 * trigger no longer wanted is dropped by a migration. `database-code.test.ts` holds a migrated
 * database to exactly these definitions.
 */
export const DATABASE_CODE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'sql');

export interface CodeStatement {
  kind: 'function' | 'trigger';
  /** The function's or trigger's name. */
  name: string;
  /** The file it is defined in, relative to DATABASE_CODE_DIR. */
  file: string;
  sql: string;
}

// A function runs from its CREATE line to the `$$;` that closes its body at the start of a line;
// a trigger is one line.
const STATEMENT = /^CREATE OR REPLACE (?:FUNCTION (\w+)[\s\S]*?^\$\$;$|TRIGGER (\w+)[^\n]*;$)/gm;

export function readDatabaseCode(dir = DATABASE_CODE_DIR): CodeStatement[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return files.flatMap((file) =>
    [...fs.readFileSync(path.join(dir, file), 'utf8').matchAll(STATEMENT)].map((m) => ({
      kind: m[1] ? ('function' as const) : ('trigger' as const),
      name: (m[1] ?? m[2])!,
      file,
      sql: m[0],
    })),
  );
}

/** One line, no schema prefix, `$$` quoting: how the files and PostgreSQL's own rendering compare. */
export const normalisedDefinition = (definition: string) =>
  definition
    .replace(/\$function\$/g, '$$$$')
    .replace(/CREATE (OR REPLACE )?/, 'CREATE ')
    .replace(/\bpublic\./g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/;$/, '');

/** Each function and trigger of the database as PostgreSQL renders it, by kind and name. */
export async function definitionsInDatabase(client: pg.ClientBase): Promise<Map<string, string>> {
  const { rows } = await client.query<{ key: string; definition: string }>(`
    SELECT 'function ' || p.proname AS key, pg_get_functiondef(p.oid) AS definition
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
    UNION ALL
    SELECT 'trigger ' || tgname, pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal`);
  return new Map(rows.map((r) => [r.key, r.definition]));
}

/**
 * The statements of `kind` whose object is missing or differs from its file (white space aside).
 * Those already as written are left alone: a start then replaces nothing, so it takes no trigger's
 * table lock and invalidates no session's cached plans.
 */
async function changed(client: pg.ClientBase, code: CodeStatement[], kind: CodeStatement['kind']): Promise<CodeStatement[]> {
  const current = await definitionsInDatabase(client);
  return code.filter((s) => {
    if (s.kind !== kind) return false;
    const found = current.get(`${kind} ${s.name}`);
    return found === undefined || normalisedDefinition(found) !== normalisedDefinition(s.sql);
  });
}

/** Creates or replaces each function of `sql/` that is missing or differs, in one transaction. */
export async function replaceFunctions(client: pg.ClientBase, code = readDatabaseCode()): Promise<void> {
  await inTransaction(client, async () => {
    await client.query('SET LOCAL check_function_bodies = off');
    for (const statement of await changed(client, code, 'function')) await run(client, statement);
  });
}

/** Creates or replaces each trigger of `sql/` that is missing or differs, in one transaction. */
export async function replaceTriggers(client: pg.ClientBase, code = readDatabaseCode()): Promise<void> {
  await inTransaction(client, async () => {
    for (const statement of await changed(client, code, 'trigger')) await run(client, statement);
  });
}

async function run(client: pg.ClientBase, statement: CodeStatement): Promise<void> {
  try {
    await client.query(statement.sql);
  } catch (err) {
    throw new Error(`${statement.file}: ${statement.kind} ${statement.name}: ${(err as Error).message}`, { cause: err });
  }
}

async function inTransaction(client: pg.ClientBase, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    // Replacing a trigger locks its table against writes for a moment; a start must not wait behind
    // a long transaction of another process for ever.
    await client.query("SET LOCAL lock_timeout = '10s'");
    await work();
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}
