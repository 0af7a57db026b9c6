import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('connectDatabase', () => {
  it('plans every pooled session with random_page_cost 1.1 (ADR 011)', async () => {
    const settings = await Promise.all(
      Array.from({ length: 5 }, () => t.db.execute<{ random_page_cost: string }>(sql`SHOW random_page_cost`)),
    );
    expect(settings.map((s) => s.rows[0]!.random_page_cost)).toEqual(Array(5).fill('1.1'));
  });
});
