/**
 * How an edit kept in the outbox is compared with the record the server answered a 412 with (ADR 028):
 * the Outbox screen shows the fields that differ, and the replay treats an edit whose every value is
 * already on the server as sent. One comparison for both, so the screen never shows a conflict with
 * nothing in it. Pure (no Dexie, no React): the service worker's replay uses it too.
 */

/** Blank in a form and absent on the server mean the same: a cleared field. */
const isBlank = (value: unknown): boolean => value === null || value === undefined || value === '';

const DATE_OR_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A date or a point in time as milliseconds, or null for anything else. A bare date is read as UTC
 * midnight (as `Date` does), so "2026-11-27" and "2026-11-27T00:00:00.000Z" are the same value.
 */
function instant(value: unknown): number | null {
  if (typeof value !== 'string' || !DATE_OR_INSTANT.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** JSON with object keys sorted: a JSON field the database gave back in another key order is still equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** Whether the user's value and the server's are the same: blanks alike, dates as instants, objects by content. */
export function sameValue(mine: unknown, theirs: unknown): boolean {
  if (isBlank(mine) || isBlank(theirs)) return isBlank(mine) && isBlank(theirs);
  const [a, b] = [instant(mine), instant(theirs)];
  if (a !== null && b !== null) return a === b;
  if (typeof mine === 'object' || typeof theirs === 'object') return canonical(mine) === canonical(theirs);
  return String(mine) === String(theirs);
}

/**
 * The fields the edit sets whose values differ from the server's record, in the edit's order. A field
 * the record does not have counts as differing (the user's value is not there).
 */
export function differingFields(body: Record<string, unknown>, current: Record<string, unknown>): string[] {
  return Object.keys(body).filter((field) => !(field in current) || !sameValue(body[field], current[field]));
}

/** An edit whose every value the server's record already has (two people made the same change): nothing is left to send. */
export const alreadyOnServer = (body: Record<string, unknown>, current: Record<string, unknown>): boolean => differingFields(body, current).length === 0;
