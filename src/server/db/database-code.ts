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

/** Creates or replaces every function of `sql/`, in one transaction. */
export async function replaceFunctions(client: pg.ClientBase, code = readDatabaseCode()): Promise<void> {
  await inTransaction(client, async () => {
    await client.query('SET LOCAL check_function_bodies = off');
    for (const statement of code.filter((s) => s.kind === 'function')) await run(client, statement);
  });
}

/** Creates or replaces every trigger of `sql/`, in one transaction. */
export async function replaceTriggers(client: pg.ClientBase, code = readDatabaseCode()): Promise<void> {
  await inTransaction(client, async () => {
    for (const statement of code.filter((s) => s.kind === 'trigger')) await run(client, statement);
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
