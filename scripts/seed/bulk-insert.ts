import type pg from 'pg';

/** PostgreSQL accepts at most 65,535 parameters in one statement; stay a little under it. */
const MAX_PARAMETERS = 60_000;
const MAX_ROWS_PER_STATEMENT = 5_000;

/**
 * Multi-row INSERTs with parameters: rows are buffered and written a few thousand per statement
 * (as many as fit under the parameter limit). Table and column names come from this script, never
 * from input, so building the statement text from them is safe.
 */
export class BulkInserter {
  private readonly rowsPerStatement: number;
  private readonly buffer: unknown[][] = [];
  private readonly statementCache = new Map<number, string>();
  inserted = 0;

  constructor(
    private readonly client: pg.ClientBase,
    private readonly table: string,
    private readonly columns: readonly string[],
    private readonly options: {
      onProgress?: (inserted: number) => void;
      /** Rows this table references (by foreign key) are buffered there: write those first. */
      dependsOn?: BulkInserter;
    } = {},
  ) {
    this.rowsPerStatement = Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_PARAMETERS / columns.length));
  }

  async add(row: unknown[]): Promise<void> {
    if (row.length !== this.columns.length) throw new Error(`${this.table}: row has ${row.length} values for ${this.columns.length} columns`);
    this.buffer.push(row);
    if (this.buffer.length >= this.rowsPerStatement) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    await this.options.dependsOn?.flush();
    const rows = this.buffer.splice(0, this.buffer.length);
    await this.client.query(this.statement(rows.length), rows.flat());
    this.inserted += rows.length;
    this.options.onProgress?.(this.inserted);
  }

  private statement(rowCount: number): string {
    let text = this.statementCache.get(rowCount);
    if (text) return text;
    const width = this.columns.length;
    const tuples: string[] = [];
    for (let r = 0; r < rowCount; r++) {
      const placeholders: string[] = [];
      for (let c = 1; c <= width; c++) placeholders.push(`$${r * width + c}`);
      tuples.push(`(${placeholders.join(',')})`);
    }
    text = `INSERT INTO ${this.table} (${this.columns.join(', ')}) VALUES ${tuples.join(',')}`;
    this.statementCache.set(rowCount, text);
    return text;
  }
}
