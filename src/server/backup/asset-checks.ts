import type pg from 'pg';
import { ASSET_TABLES, type AssetInBackup, type AssetTable } from './asset-records';
import { referenceExists, staged, type ForeignKey } from './asset-staging';
import { quoteIdent } from './catalog';

/** What a restore of one asset would meet: problems stop it; notes say what it does about the rest. */
export interface AssetFindings {
  problems: string[];
  notes: string[];
  /** Rows already in the register, left as they are (by table). */
  alreadyPresent: Partial<Record<AssetTable, number>>;
}

/** How a record the backup names is called, from the backup (it may be gone from the register). */
export type NameLookup = (table: string, ids: string[]) => Promise<Map<string, string>>;

/** Codes people read and quote: another record holding one now would make two records one name. */
const CODES: Array<{ table: AssetTable; column: string; what: string }> = [
  { table: 'assets', column: 'client_asset_id', what: 'device id (client_asset_id)' },
  { table: 'assessments', column: 'assessment_id', what: 'code' },
  { table: 'actions', column: 'action_id', what: 'code' },
  { table: 'media', column: 'object_key', what: 'stored file' },
];

const WHAT: Record<string, string> = { locations: 'location', users: 'user', compliance_regimes: 'compliance regime' };

const one = async (client: pg.ClientBase, sql: string, params: unknown[] = []) => (await client.query<Record<string, string>>(sql, params)).rows;

/**
 * Checks the staged rows against the live register, and settles what can be settled:
 * - the asset must not be in the register (by id or by code);
 * - its location must be (by id; or a location at the same path, recreated since, takes its place);
 * - rows already in the register (an action that outlived the asset, the history entries the
 *   append-only trail still holds) are left as they are and not copied;
 * - no code or stored file may now belong to another record;
 * - every record the rows refer to must be in the register or among them; where the foreign key
 *   says SET NULL (a responsible person, say) the link is left empty instead, as deleting that
 *   record would have done.
 */
export async function checkAgainstRegister(client: pg.ClientBase, found: AssetInBackup, keys: ForeignKey[], nameOf: NameLookup): Promise<AssetFindings> {
  const findings: AssetFindings = { problems: [], notes: [], alreadyPresent: {} };
  const live = await one(client, `SELECT asset_id AS code, location_path AS path FROM public.assets WHERE id = $1 OR asset_id = $2`, [found.id, found.code]);
  if (live.length > 0) {
    findings.problems.push(`${found.code} is in the register (at ${live[0]!.path}); nothing to restore.`);
    return findings;
  }

  const [place] = await one(client, `SELECT id FROM public.locations WHERE id = $1`, [found.locationId]);
  if (!place) {
    const [samePath] = await one(client, `SELECT id FROM public.locations WHERE path = $1 ORDER BY created_at LIMIT 1`, [found.locationPath]);
    if (samePath) {
      for (const key of keys.filter((k) => k.references === 'locations')) {
        await client.query(`UPDATE ${staged(key.table)} SET ${quoteIdent(key.column)} = $2 WHERE ${quoteIdent(key.column)} = $1`, [found.locationId, samePath.id]);
      }
      findings.notes.push(`${found.locationPath} was recreated since the backup: ${found.code} goes back to the location at that path now.`);
    } else {
      findings.problems.push(`${found.code} was at ${found.locationPath}, which is not in the register: restore or recreate ${found.locationPath} first (same name, same place in the tree), then run this again.`);
    }
  }

  for (const table of ASSET_TABLES) {
    if (table === 'assets' || table === 'compliance_reminders') continue;
    const result = await client.query(`DELETE FROM ${staged(table)} s USING public.${quoteIdent(table)} p WHERE p.id = s.id`);
    if (result.rowCount) findings.alreadyPresent[table] = result.rowCount;
  }
  if (findings.alreadyPresent.audit_log) findings.notes.push(`${findings.alreadyPresent.audit_log} of its history entries are still in the audit trail (it is append-only); they stay as they are.`);
  for (const [table, n] of Object.entries(findings.alreadyPresent)) {
    if (table !== 'audit_log') findings.notes.push(`${n} ${table} row(s) of the asset are in the register already (they outlived the asset); they stay as they are.`);
  }

  for (const { table, column, what } of CODES) {
    const clashes = await one(
      client,
      `SELECT s.${quoteIdent(column)} AS value FROM ${staged(table)} s JOIN public.${quoteIdent(table)} p ON p.${quoteIdent(column)} = s.${quoteIdent(column)} AND p.id <> s.id ORDER BY 1`,
    );
    for (const { value } of clashes) {
      findings.problems.push(`${table}: the ${what} ${value} belongs to another record in the register now, so the backup's record cannot take it back.`);
    }
  }

  for (const key of keys) {
    if (key.table === 'audit_log') continue;
    const missing = (
      await one(client, `SELECT DISTINCT s.${quoteIdent(key.column)}::text AS id FROM ${staged(key.table)} s WHERE s.${quoteIdent(key.column)} IS NOT NULL AND NOT ${referenceExists(key)} ORDER BY 1`)
    ).map((r) => r.id!);
    if (missing.length === 0) continue;
    // The asset's own location was reported above.
    if (key.references === 'locations' && missing.every((id) => id === found.locationId)) continue;
    const names = await nameOf(key.references, missing);
    const listed = missing.map((id) => names.get(id) ?? id).join(', ');
    const what = WHAT[key.references] ?? key.references;
    if (key.setNull) findings.notes.push(`${key.table}.${key.column} names the ${what} ${listed}, no longer in the register: left empty.`);
    else findings.problems.push(`${key.table}.${key.column} names the ${what} ${listed}, which is not in the register (nor among the asset's records).`);
  }
  return findings;
}
