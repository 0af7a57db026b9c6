import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApp, postJson, registerUser, type TestApp } from '../../../tests/setup/test-app';
import { insertLocation } from '../../../tests/factories/register';

/**
 * The audit trail against the app's own database role (ADR 019): whoever can run SQL as the app
 * (a bug, an injected statement, a stolen pool) still cannot change the register without a trail,
 * nor change the trail. Each attack runs on a connection of the app's own pool.
 */
let t: TestApp;
let cookie: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie, user: { id: userId } } = await registerUser(t.app));
});
afterAll(() => t?.close());

const auditRows = async (entityId: string) =>
  (await t.ownerDb.$client.query('SELECT operation FROM audit_log WHERE entity_id = $1 ORDER BY id', [entityId])).rows.map((r) => r.operation);

/** Runs `statements` in one transaction on a connection of the app's own pool; the error, if any. */
async function asApp(...statements: string[]): Promise<string | null> {
  const client = await t.database.pool.connect();
  try {
    await client.query('BEGIN');
    for (const statement of statements) await client.query(statement);
    await client.query('COMMIT');
    return null;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    return (err as Error).message;
  } finally {
    client.release();
  }
}

describe('the app role', () => {
  it('is not the owner of the tables, nor a superuser', async () => {
    const { rows } = await t.database.pool.query<{ me: string; superuser: boolean; owner: string }>(
      `SELECT current_user AS me, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
              (SELECT tableowner FROM pg_tables WHERE tablename = 'assets') AS owner`,
    );
    expect(rows[0]!.me).toMatch(/_app$/);
    expect(rows[0]!.superuser).toBe(false);
    expect(rows[0]!.owner).not.toBe(rows[0]!.me);
  });

  it('serves the app: a create through the API is recorded with its author', async () => {
    const site = await insertLocation(t.db);
    const res = await postJson(t.app, '/api/assets', { locationId: site.id, type: 'hvac', condition: 'good' }, { cookie });
    expect(res.statusCode, res.body).toBe(201);
    const { rows } = await t.ownerDb.$client.query('SELECT actor_id FROM audit_log WHERE entity_id = $1', [res.json().id]);
    expect(rows).toEqual([{ actor_id: userId }]);
  });

  it('cannot skip the trail with app.bulk_load: the change is recorded all the same', async () => {
    const site = await insertLocation(t.db);
    const error = await asApp(`SET LOCAL app.bulk_load = 'on'`, `UPDATE locations SET name = 'Renamed quietly' WHERE id = '${site.id}'`);
    expect(error).toBeNull();
    expect(await auditRows(site.id)).toEqual(['create', 'update']);
  });

  it.each([
    ['switch the audit trigger off', `ALTER TABLE assets DISABLE TRIGGER assets_audit`, /must be owner|permission denied/],
    ['switch every trigger off', `ALTER TABLE locations DISABLE TRIGGER ALL`, /must be owner|permission denied/],
    ['drop the audit trigger', `DROP TRIGGER assets_audit ON assets`, /must be owner|permission denied/],
    ['replace the audit function', `CREATE OR REPLACE FUNCTION audit_record_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$`, /must be owner|permission denied/],
    ['replace the bulk-load test', `CREATE OR REPLACE FUNCTION register_bulk_load() RETURNS boolean LANGUAGE sql AS $$ SELECT true $$`, /must be owner|permission denied/],
    ['turn replication mode on (skips triggers)', `SET session_replication_role = replica`, /permission denied/],
    ['empty the register without row triggers', `TRUNCATE assets CASCADE`, /permission denied/],
    ['delete history', `DELETE FROM audit_log`, /permission denied/],
    ['rewrite history', `UPDATE audit_log SET actor_id = NULL`, /permission denied/],
    ['empty history', `TRUNCATE audit_log`, /permission denied/],
    ['invent history', `INSERT INTO audit_log (entity, entity_id, operation) VALUES ('assets', gen_random_uuid(), 'delete')`, /permission denied/],
  ])('cannot %s', async (_name, statement, refused) => {
    const before = (await t.ownerDb.$client.query('SELECT count(*)::int AS n FROM audit_log')).rows[0].n;
    expect(await asApp(statement)).toMatch(refused);
    expect((await t.ownerDb.$client.query('SELECT count(*)::int AS n FROM audit_log')).rows[0].n).toBe(before);
  });

  it('can still read the trail (the History tab)', async () => {
    expect(await asApp('SELECT count(*) FROM audit_log')).toBeNull();
  });
});

describe('the owner (migrations, the bulk seed)', () => {
  it('may still skip the triggers for a bulk load', async () => {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL app.bulk_load = 'on'`);
      const { rows } = await client.query<{ id: string }>(`INSERT INTO locations (name, type, path) VALUES ('Bulk site', 'site', 'Bulk site') RETURNING id`);
      await client.query('COMMIT');
      expect(await auditRows(rows[0]!.id)).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
