import crypto from 'node:crypto';
import type pg from 'pg';

/**
 * The app serves requests as a role of its own that owns nothing (ADR 019): it may read and write the
 * register's rows, and the audit trail's triggers record every change, but it cannot switch those
 * triggers off (ALTER TABLE, DROP, CREATE OR REPLACE FUNCTION need the owner), cannot TRUNCATE (which
 * fires no row trigger), cannot write or change audit rows itself, and its `app.bulk_load` setting is
 * ignored (register_bulk_load() honours it only for the tables' owner, db/sql/bulk-load.sql). Migrations,
 * these grants and the bulk seed run as the owner: the URL the app was given.
 *
 * The role is `<database>_app`, with a password derived from the app's secret, so every process that
 * shares SESSION_SECRET derives the same one. It is created when the given role may create roles (the
 * embedded database's superuser, or a server's admin user); otherwise the app runs as the given role
 * and says at start-up that the trail is then only as safe as that role.
 */

export interface AppRole {
  name: string;
  /** The same server and database as the owner's URL, as the app role. */
  url: string;
}

/** A role name PostgreSQL keeps whole (63 bytes at most), from the database's name. */
export function appRoleName(database: string): string {
  return `${database.slice(0, 59)}_app`;
}

export function appRolePassword(secret: string, role: string): string {
  return crypto.createHmac('sha256', secret).update(`database-app-role\n${role}`).digest('base64url');
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Creates (or resets) the app role and grants it the rows of every table, after the migrations. Run
 * as the owner at every start: a migration's new table gets its grant here. Null when the owner may
 * not create roles.
 */
export async function prepareAppRole(owner: pg.Pool, ownerUrl: string, secret: string): Promise<AppRole | null> {
  const client = await owner.connect();
  try {
    const { rows } = await client.query<{ database: string; may_create: boolean; owner_role: string }>(
      `SELECT current_database() AS database, current_user AS owner_role,
              (SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user) AS may_create`,
    );
    const { database, may_create: mayCreate, owner_role: ownerRole } = rows[0]!;
    if (!mayCreate) return null;
    const name = appRoleName(database);
    if (name === ownerRole) return null;
    const role = quoteIdent(name);
    const password = appRolePassword(secret, name);
    // Several processes may start at once: one at a time (CREATE ROLE has no IF NOT EXISTS).
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`app-role:${name}`]);
      const exists = (await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name])).rowCount === 1;
      // The attributes are set every time: a role someone widened is narrowed again.
      const attributes = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT PASSWORD ${quoteLiteral(password)}`;
      await client.query(`${exists ? 'ALTER' : 'CREATE'} ROLE ${role} WITH ${attributes}`);
      await client.query(`GRANT CONNECT, TEMPORARY ON DATABASE ${quoteIdent(database)} TO ${role}`);
      await client.query(`GRANT USAGE ON SCHEMA public TO ${role}`);
      await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`);
      // The trail is written by audit_record_change() as the owner; the app only reads it.
      await client.query(`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit_log FROM ${role}`);
      await client.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
    const url = new URL(ownerUrl);
    url.username = encodeURIComponent(name);
    url.password = encodeURIComponent(password);
    return { name, url: url.toString() };
  } finally {
    client.release();
  }
}
