import { is, sql, type SQL } from 'drizzle-orm';
import { PgColumn, PgTimestamp } from 'drizzle-orm/pg-core';
import { encodeCursor } from './keyset';

/**
 * List rows built as JSON by PostgreSQL, one object of text per row, in the API's own shape: the
 * app joins them into the response body as they are, with no Date parsing, row mapping or
 * JSON.stringify in between. For a 50-row page that work was most of what the app added to the
 * query (docs/performance.md, "Per request"); PostgreSQL builds the same objects in C.
 *
 * Timestamps are written as Date.toISOString() writes them (UTC, milliseconds, `Z`), whatever the
 * connection's TimeZone; every other value as json_build_object writes it (strings, numbers,
 * booleans, null; `date` columns as YYYY-MM-DD). Keys are the API's names, so the statement shows
 * the response's shape. json_build_object takes at most 50 pairs.
 */
export function jsonObject(fields: Record<string, PgColumn | SQL>): SQL<string> {
  return sql<string>`${jsonValue(fields)}::text`;
}

/** The same object as a json value, to nest inside another jsonObject() (a row's `regime`, say). */
export function jsonValue(fields: Record<string, PgColumn | SQL>): SQL {
  const pairs = Object.entries(fields).map(([key, value]) => sql`${keyLiteral(key)}, ${is(value, PgTimestamp) ? isoTimestamp(value) : value}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * A key as a literal in the statement's text, not a parameter: the keys are our own field names
 * (checked here when the statement is built), and as parameters they would add a value per key to
 * every execution of a list statement.
 */
function keyLiteral(key: string): SQL {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(key)) throw new Error(`JSON key must be a plain field name: ${key}`);
  // eslint-disable-next-line no-restricted-syntax -- a checked identifier from our code, never input
  return sql.raw(`'${key}'`);
}

/** A timestamptz as Date.toISOString() writes it: `2026-11-24T18:33:38.543Z`. */
export function isoTimestamp(column: PgColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The newest-first cursor after a row that carries `createdAt` and `id`. */
const newestFirstCursor = (last: Record<string, unknown>) => encodeCursor({ createdAt: new Date(last.createdAt as string), id: last.id as string });

/**
 * pageOf() for rows of jsonObject() text: `limit + 1` rows in, the page's JSON array and the next
 * cursor out. The cursor comes from the page's last object: by default a newest-first list's, from
 * its `createdAt` and `id`; a list in another order gives its own.
 */
export function jsonPageOf(
  rows: { json: string }[],
  limit: number,
  cursorAfter: (last: Record<string, unknown>) => string = newestFirstCursor,
): { body: string; nextCursor: string | null } {
  const items = rows.length > limit ? rows.slice(0, limit) : rows;
  const body = `[${items.map((row) => row.json).join(',')}]`;
  if (rows.length <= limit) return { body, nextCursor: null };
  return { body, nextCursor: cursorAfter(JSON.parse(items[items.length - 1]!.json) as Record<string, unknown>) };
}

/** The content type of a jsonPageOf() body, as Fastify sets it for serialised JSON. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
