import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, locations } from './schema';
import { transactionAs } from './actor';
import { createTestApp, registerUser, type TestApp } from '../../../tests/setup/test-app';
import type { User } from '../../shared/contract/auth';

/** transactionAs: one transaction per call, the actor recorded, nothing kept on failure, no leaks. */
let t: TestApp;
let user: User;

beforeAll(async () => {
  t = await createTestApp();
  ({ user } = await registerUser(t.app));
});
afterAll(async () => {
  await t?.close();
});

const auditRowsOf = (id: string) => t.db.select().from(auditLog).where(eq(auditLog.entityId, id));

describe('transactionAs', () => {
  it('commits the work with the actor on its audit rows, and the setting ends with the transaction', async () => {
    const [row] = await transactionAs(t.db, user.id, (tx) =>
      tx.insert(locations).values({ name: 'Actor test org', type: 'organisation', path: 'Actor test org' }).returning({ id: locations.id }),
    );
    const audit = await auditRowsOf(row!.id);
    expect(audit.map((a) => [a.operation, a.actorId])).toEqual([['create', user.id]]);

    // Every pooled connection has run at least one transaction now; none keeps the actor.
    const settings = await Promise.all(
      Array.from({ length: 10 }, () => t.db.execute<{ actor: string | null }>(sql`SELECT current_setting('app.actor_id', true) AS actor`)),
    );
    expect(settings.map((s) => s.rows[0]!.actor ?? '')).toEqual(Array(10).fill(''));
  });

  it('rolls everything back when the work throws, and the connection goes back usable', async () => {
    const name = `Rolled back ${Date.now()}`;
    await expect(
      transactionAs(t.db, user.id, async (tx) => {
        await tx.insert(locations).values({ name, type: 'organisation', path: name });
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(await t.db.select().from(locations).where(eq(locations.name, name))).toEqual([]);
    // The pool still serves every connection (a connection left in a transaction would fail here).
    const results = await Promise.all(Array.from({ length: 12 }, () => transactionAs(t.db, user.id, (tx) => tx.execute(sql`SELECT 1 AS one`))));
    expect(results).toHaveLength(12);
  });

  it('rolls back when a statement fails inside, with the database error passed on', async () => {
    const err = await transactionAs(t.db, user.id, (tx) => tx.execute(sql`SELECT 1 / 0`)).catch((e: unknown) => e);
    expect(String((err as { cause?: unknown }).cause ?? err)).toMatch(/division by zero/);
    const [{ ok }] = (await transactionAs(t.db, user.id, (tx) => tx.execute<{ ok: number }>(sql`SELECT 1 AS ok`))).rows as [{ ok: number }];
    expect(ok).toBe(1);
  });

  it('refuses an actor id that is not a UUID before touching the database', async () => {
    await expect(transactionAs(t.db, "x', true); DROP TABLE assets; --", async () => 1)).rejects.toThrow(/UUID/);
  });
});
