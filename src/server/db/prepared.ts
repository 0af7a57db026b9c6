/**
 * Prepared statements for a list whose optional filters vary: one statement per shape (which filters
 * are present), named after it and made on first use. Drizzle then builds each query once per process
 * and PostgreSQL plans it once per connection, instead of both doing so on every request.
 *
 * Only for filters whose best plan does not depend on the value (equality on enums and ids, served by
 * composite indexes). A search word is planned per request: a generic plan cannot tell a rare word
 * from a common one.
 */
export function preparedByShape<Shape extends Record<string, boolean>, Statement>(
  prefix: string,
  prepare: (shape: Shape, name: string) => Statement,
): (shape: Shape) => Statement {
  const made = new Map<string, Statement>();
  return (shape) => {
    const name = [prefix, ...Object.keys(shape).filter((key) => shape[key])].join('_');
    let statement = made.get(name);
    if (!statement) made.set(name, (statement = prepare(shape, name)));
    return statement;
  };
}
