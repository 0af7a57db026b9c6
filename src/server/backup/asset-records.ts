import type { Manifest } from './manifest';
import { readBackupRows, type BackupRow } from './backup-rows';
import type { BackupTarget } from './target';

/**
 * What belongs to one asset in a backup, table by table, parents before children (the order they
 * are found in, and loaded back in). Each rule reads the ids found in the tables before it.
 * What deleting the asset removes is what restoring it brings back: the foreign keys cascade from
 * the asset to its assessments (and their defects), actions, media and obligations (and their
 * inspections, reminders and evidence). Meters hang off locations, not assets, so none are here.
 * The history is the audit rows naming the asset, which deleting it never removes (the trail is
 * append-only): only those missing from the live trail go back.
 */
export const ASSET_TABLES = [
  'assets',
  'assessments',
  'defects',
  'obligations',
  'inspections',
  'compliance_reminders',
  'actions',
  'media',
  'audit_log',
] as const;
export type AssetTable = (typeof ASSET_TABLES)[number];

type Ids = Record<AssetTable, Set<string>>;

const isIn = (set: Set<string>, value: string | null) => value !== null && set.has(value);

const BELONGS: Record<Exclude<AssetTable, 'assets'>, (row: BackupRow, ids: Ids, assetId: string) => boolean> = {
  assessments: (row, _ids, asset) => row.get('asset_id') === asset,
  defects: (row, ids) => isIn(ids.assessments, row.get('assessment_id')),
  obligations: (row, _ids, asset) => row.get('asset_id') === asset,
  inspections: (row, ids) => isIn(ids.obligations, row.get('obligation_id')),
  compliance_reminders: (row, ids) => isIn(ids.obligations, row.get('obligation_id')),
  // Remedial actions raised by its obligations and inspections are on the asset too; a link is enough.
  actions: (row, ids, asset) =>
    row.get('asset_id') === asset || isIn(ids.obligations, row.get('obligation_id')) || isIn(ids.inspections, row.get('inspection_id')),
  // Photos and videos of the asset, its assessments and actions; its inspections' certificates.
  media: (row, ids, asset) =>
    row.get('asset_id') === asset ||
    isIn(ids.assessments, row.get('assessment_id')) ||
    isIn(ids.actions, row.get('action_id')) ||
    isIn(ids.inspections, row.get('inspection_id')),
  audit_log: (row, _ids, asset) => row.get('asset_id') === asset,
};

export interface AssetInBackup {
  id: string;
  code: string;
  locationId: string;
  locationPath: string;
  /** The rows of each table, as COPY text lines in the backup's column order. */
  rows: Record<AssetTable, BackupRow[]>;
}

/** `AST-000123` (any case) or the asset's uuid. */
export function assetMatcher(asset: string): (row: BackupRow) => boolean {
  const wanted = asset.trim();
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(wanted)) return (row) => row.get('id') === wanted.toLowerCase();
  return (row) => row.get('asset_id')?.toUpperCase() === wanted.toUpperCase();
}

/**
 * The asset's records in the backup, or null when the backup does not hold it. A table the backup
 * does not have (one a later migration added) holds none of them.
 */
export async function findAssetInBackup(target: BackupTarget, name: string, manifest: Manifest, asset: string): Promise<AssetInBackup | null> {
  const tables = new Map(manifest.tables.map((t) => [t.name, t]));
  const assetsTable = tables.get('assets');
  if (!assetsTable) return null;
  const [found] = await readBackupRows(target, name, assetsTable, assetMatcher(asset));
  if (!found) return null;
  const id = found.get('id')!;
  const rows = { assets: [found] } as Record<AssetTable, BackupRow[]>;
  const ids = { assets: new Set([id]) } as Ids;
  for (const table of ASSET_TABLES) {
    if (table === 'assets') continue;
    const entry = tables.get(table);
    rows[table] = entry ? await readBackupRows(target, name, entry, (row) => BELONGS[table](row, ids, id)) : [];
    ids[table] = new Set(table === 'compliance_reminders' || table === 'audit_log' ? [] : rows[table].map((row) => row.get('id')!));
  }
  return { id, code: found.get('asset_id')!, locationId: found.get('location_id')!, locationPath: found.get('location_path')!, rows };
}
