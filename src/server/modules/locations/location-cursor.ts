import { isUuid } from '../../db/keyset';
import { badRequest } from '../../http-errors';

/**
 * Keyset cursor of the locations list, which is ordered by (path, id): the next page starts strictly
 * after the last row of the previous one. The cursor carries that row's path and id, so it needs no
 * lookup and a page boundary never depends on a row that changed since.
 */
export interface LocationPosition {
  path: string;
  id: string;
}

export function encodeLocationCursor(row: LocationPosition): string {
  return Buffer.from(`${row.id}|${row.path}`).toString('base64url');
}

export function decodeLocationCursor(cursor: string): LocationPosition {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  // The id has a fixed form and comes first; the path, which may hold any character, is the rest.
  const id = text.slice(0, 36);
  const path = text.slice(37);
  // A NUL cannot be in a stored path (PostgreSQL text refuses it), so it marks a forged cursor.
  if (!isUuid(id) || text[36] !== '|' || !path || path.includes('\u0000')) throw badRequest('cursor is not valid: start again from the first page');
  return { path, id };
}
