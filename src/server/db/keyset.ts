import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../http-errors';

/**
 * Keyset pagination over (created_at DESC, id DESC): each page continues strictly after the last row
 * of the previous one, so pages stay fast at any depth and never skip or repeat rows when new ones
 * arrive. The cursor is opaque to clients.
 */
export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

export function encodeCursor(row: KeysetPosition): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): KeysetPosition {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) throw badRequest('cursor is not valid: start again from the first page');
  return { createdAt, id };
}

/** The WHERE condition "after this cursor" for a newest-first list. */
export function afterCursor(createdAtColumn: PgColumn, idColumn: PgColumn, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const position = decodeCursor(cursor);
  return or(lt(createdAtColumn, position.createdAt), and(eq(createdAtColumn, position.createdAt), lt(idColumn, position.id)));
}

/** "After the cursor" for a prepared statement: its values are the placeholders cursorAt and cursorId. */
export function afterCursorPlaceholders(createdAtColumn: PgColumn, idColumn: PgColumn): SQL {
  const at = sql.placeholder('cursorAt');
  return sql`(${createdAtColumn} < ${at} OR (${createdAtColumn} = ${at} AND ${idColumn} < ${sql.placeholder('cursorId')}))`;
}

/** The values of afterCursorPlaceholders() for `cursor` (both undefined without one). */
export function cursorValues(cursor: string | undefined): { cursorAt?: Date; cursorId?: string } {
  if (!cursor) return {};
  const { createdAt, id } = decodeCursor(cursor);
  return { cursorAt: createdAt, cursorId: id };
}

/**
 * Fetch limit + 1 rows, then call this: it trims the extra row and returns the next cursor when there
 * are more rows.
 */
export function pageOf<T extends KeysetPosition>(rows: T[], limit: number): { items: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  return { items, nextCursor: encodeCursor(items[items.length - 1]!) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Path ids that are not uuids are simply not found (404), never a database error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
