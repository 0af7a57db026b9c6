import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import type { z } from 'zod';

/**
 * The columns of `table` that make up an API object, keyed by the object's field names, in the
 * contract schema's order: the contract (src/shared/contract) defines the object once, and the
 * selects, RETURNING lists and JSON that PostgreSQL builds for it (db/json-rows.ts) come from here.
 * Every field must be a column of the same name; one that is not stops the module from loading.
 */
export function columnsOf<Shape extends z.ZodRawShape, T extends Table>(
  schema: z.ZodObject<Shape>,
  table: T,
): Pick<T['_']['columns'], keyof Shape & keyof T['_']['columns']> {
  const columns = getTableColumns(table);
  const picked: Record<string, unknown> = {};
  for (const field of Object.keys(schema.shape)) {
    const column = columns[field];
    if (!column) throw new Error(`${getTableName(table)} has no column for the API field ${field}`);
    picked[field] = column;
  }
  return picked as Pick<T['_']['columns'], keyof Shape & keyof T['_']['columns']>;
}
