import { sql, type SQL } from 'drizzle-orm';

/*
 * The only raw SQL of the search's statements. A statement's text is built once per shape and its
 * values are numbered parameters (matches.ts, statementOf()), so the text refers to them by number;
 * nothing here ever holds a value a user typed.
 */

const TYPES = new Set(['int', 'float8', 'text', 'text[]', 'uuid[]']);

/** A reference to parameter `n` with its type: `$3::int`. */
export function parameterRef(n: number, type: string): SQL {
  if (!Number.isInteger(n) || n < 1 || !TYPES.has(type)) throw new Error(`Unexpected parameter $${n}::${type}`);
  // eslint-disable-next-line no-restricted-syntax -- a parameter number we count and a type from TYPES
  return sql.raw(`$${n}::${type}`);
}

/** A number of our own code (a cost, a plan's code, the sample's size) as a literal. */
export function numberLiteral(n: number): SQL {
  if (!Number.isFinite(n)) throw new Error(`Not a number: ${n}`);
  // eslint-disable-next-line no-restricted-syntax -- a finite number from our code
  return sql.raw(String(n));
}

/** One of our table names as a text literal (for `::regclass`). */
export function tableNameLiteral(table: string): SQL {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`Unexpected table name: ${table}`);
  // eslint-disable-next-line no-restricted-syntax -- a checked table name from our schema
  return sql.raw(`'${table}'`);
}

/** SQL text drizzle rendered from our own builders, its values already numbered parameters. */
export function renderedSql(text: string): SQL {
  // eslint-disable-next-line no-restricted-syntax -- rendered by drizzle; its values are parameters
  return sql.raw(text);
}
