import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { assets } from './schema';
import { preparedByShape, rowLimit, statementName, USUAL_PAGE_ROWS } from './prepared';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('statementName', () => {
  it('keeps a name PostgreSQL keeps whole, and gives longer ones distinct names it keeps whole', () => {
    expect(statementName(['asset_browse', 'cursor', 'type'])).toBe('asset_browse_cursor_type');
    const words = ['action_by_target', 'cursor', 'status', 'priority', 'assetId', 'overdue', 'undated'];
    const long = statementName([...words, 'usualPage']);
    const longer = statementName([...words, 'usualPage', 'more']);
    for (const name of [long, longer]) {
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(63);
      expect(name.startsWith('action_by_target_')).toBe(true);
    }
    expect(long).not.toBe(longer);
    expect(statementName([...words, 'usualPage'])).toBe(long);
  });
});

describe('preparedByShape', () => {
  // Each shape is prepared on the pool's connections under its own name. 'typeOf' ends at byte 63,
  // so cut to 63 bytes 'typeOf_usualPage' would be the same statement, refused as "already" prepared.
  const filtered = preparedByShape('prepared_test_shape_with_a_long_name_to_reach_the_limits', (shape: Record<'typeOf' | 'usualPage', boolean>, name) =>
    t.db
      .select({ id: assets.id })
      .from(assets)
      .where(and(shape.typeOf ? eq(assets.type, sql.placeholder('type')) : undefined))
      .limit(rowLimit(shape.usualPage))
      .prepare(name),
  );

  it('runs every shape, the usual page with its LIMIT written in and the others with theirs', async () => {
    for (let round = 0; round < 3; round++) {
      for (const [typeOf, usualPage] of [[undefined, false], [undefined, true], ['hvac', false], ['hvac', true]] as const) {
        const rows = await filtered({ typeOf, usualPage }).execute({ type: typeOf, limit: usualPage ? USUAL_PAGE_ROWS : 3 });
        expect(Array.isArray(rows)).toBe(true);
      }
    }
  });

  it('writes the usual page’s row count into the statement', () => {
    const query = t.db.select({ id: assets.id }).from(assets).limit(rowLimit(true)).toSQL();
    expect(query.sql).toMatch(new RegExp(`limit ${USUAL_PAGE_ROWS}$`));
    expect(query.params).toEqual([]);
  });
});
