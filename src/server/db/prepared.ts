/**
 * Prepared statements for a list whose optional filters vary: one statement per shape (which filters
 * are present), named after it and made on first use. Drizzle then builds each query once per process
 * and PostgreSQL parses it once per connection. PostgreSQL may still plan it on every execution: with
 * `LIMIT $n` its generic plan looks dearer than a custom one (ADR 013).
 *
 * Only for filters whose best plan does not depend on the value (equality on enums and ids, served by
 * composite indexes). Searches have statements of their own (modules/search, ADR 021).
 */
export function preparedByShape<Key extends string, Statement>(
  prefix: string,
  prepare: (shape: Record<Key, boolean>, name: string) => Statement,
): (filters: Record<Key, unknown>) => Statement {
  const made = new Map<string, Statement>();
  return (filters) => {
    // A filter is present when it has a value; its shape is which ones are.
    const shape = Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, !!value])) as Record<Key, boolean>;
    const name = [prefix, ...Object.keys(shape).filter((key) => shape[key as Key])].join('_');
    let statement = made.get(name);
    if (!statement) made.set(name, (statement = prepare(shape, name)));
    return statement;
  };
}
