import { createHash } from 'node:crypto';
import { sql, type Placeholder } from 'drizzle-orm';
import { LIST_PAGE_SIZE } from '../../shared/domain';
import { numberLiteral } from '../modules/search/raw-sql';

/**
 * Prepared statements for a list whose optional filters vary: one statement per shape (which filters
 * are present), named after it and made on first use. Drizzle then builds each query once per process
 * and PostgreSQL parses it once per connection. PostgreSQL keeps one plan of it per connection when its
 * LIMIT is written in (rowLimit, ADR 031).
 *
 * Only for filters whose best plan does not depend on the value (equality on enums and ids, served by
 * composite indexes). Searches have statements of their own (modules/search, ADR 021).
 */
export function preparedByShape<Key extends string, Statement>(
  prefix: string,
  prepare: (shape: Record<Key, boolean>, name: string) => Statement,
): (filters: Record<Key, unknown>) => Statement {
  const statement = preparedBy<Key, undefined, Statement>(prefix, () => [], (shape, _none, name) => prepare(shape, name));
  return (filters) => statement(filters, undefined);
}

/**
 * preparedByShape() for a list read in places (policy/area-sizes.ts, placesRead()): one statement
 * per shape of the places (their roots' depths) and of the filters.
 */
export function preparedByPlacesShape<Key extends string, Places extends { shape: string }, Statement>(
  prefix: string,
  prepare: (shape: Record<Key, boolean>, places: Places, name: string) => Statement,
): (filters: Record<Key, unknown>, places: Places) => Statement {
  return preparedBy(prefix, (places: Places) => [places.shape], prepare);
}

/** A statement per shape of the filters and of `more`, which `wordsOf` names. */
function preparedBy<Key extends string, More, Statement>(
  prefix: string,
  wordsOf: (more: More) => string[],
  prepare: (shape: Record<Key, boolean>, more: More, name: string) => Statement,
): (filters: Record<Key, unknown>, more: More) => Statement {
  const made = new Map<string, Statement>();
  return (filters, more) => {
    // A filter is present when it has a value; its shape is which ones are.
    const shape = Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, !!value])) as Record<Key, boolean>;
    const name = statementName([prefix, ...wordsOf(more), ...Object.keys(shape).filter((key) => shape[key as Key])]);
    let statement = made.get(name);
    if (!statement) made.set(name, (statement = prepare(shape, more, name)));
    return statement;
  };
}

/** The rows a list statement reads for a page of the usual size: the page and one more, to tell whether a next page follows. */
export const USUAL_PAGE_ROWS = LIST_PAGE_SIZE + 1;

/**
 * A list statement's LIMIT: the usual page's rows written into the statement, any other number a
 * parameter (so the usual page is a shape of its own, `usualPage`). A generic plan is costed without
 * the parameters' values, and `LIMIT $n` counts as a tenth of the rows found: for a join that makes
 * the generic plan look dearer than any custom one, so PostgreSQL planned the statement afresh on
 * every execution. With the number written in, the generic plan costs what a custom one does and is
 * kept after five executions (ADR 031).
 */
export function rowLimit(usualPage: boolean): Placeholder {
  // Drizzle's limit() is typed for a number (sent as a parameter) or a placeholder; an SQL fragment
  // is written into the statement as it is.
  return usualPage ? (numberLiteral(USUAL_PAGE_ROWS) as unknown as Placeholder) : sql.placeholder('limit');
}

/** The longest name PostgreSQL keeps (NAMEDATALEN - 1 bytes). */
const NAME_MAX_BYTES = 63;

/**
 * A prepared statement's name from its words. PostgreSQL cuts a longer name to 63 bytes, so two
 * shapes differing only past that would meet as one statement ("already exists"): a name that long
 * becomes its first word and a hash of the whole.
 */
export function statementName(words: readonly string[]): string {
  const name = words.join('_');
  if (Buffer.byteLength(name) <= NAME_MAX_BYTES) return name;
  return `${words[0]}_${createHash('sha256').update(name).digest('hex').slice(0, 16)}`;
}
