import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { areaLocationsSql } from '../../policy/areas';
import { assets, complianceRegimes, inspections, locations, obligations, users } from '../../db/schema';
import type { CalendarDate } from '../../../shared/domain/compliance/calendar-date';
import { OBLIGATION_STATE_LABELS, OBLIGATION_STATUS_LABELS } from '../../../shared/domain/compliance/obligation-status';
import { INSPECTION_RESULT_LABELS, REGIME_CATEGORY_LABELS } from '../../../shared/domain/compliance/regimes';
import { EVIDENCE_PACK_OBLIGATIONS_MAX } from '../../../shared/contract/evidence-pack';
import type { ReportColumn, ReportRow } from '../reports/spreadsheet';
import { obligationDates } from './obligation-dates';
import { storedFacts } from './obligations.repo';

/**
 * The evidence pack of a location (ADR 025): for every obligation in the location's subtree, the
 * files of the inspection that counts for it, and an index with one row per obligation — those
 * without evidence too, since an auditor must see a duty that has none, not miss it.
 */

export interface PackCounts {
  obligations: number;
  withoutEvidence: number;
  files: number;
  bytes: number;
}

export interface PackLimits {
  maxFiles: number;
  maxBytes: number;
}

const number = (n: number) => n.toLocaleString('en-GB');
const megabytes = (bytes: number) => `${number(Math.ceil(bytes / (1024 * 1024)))} MB`;

/** Why a pack of this size is refused (before a byte is sent), or null when it can be made. */
export function packRefusal(counts: PackCounts, limits: PackLimits): string | null {
  const lower = 'choose a building or site lower in the tree';
  if (counts.obligations > EVIDENCE_PACK_OBLIGATIONS_MAX) {
    return `This pack would list ${number(counts.obligations)} obligations, more than the ${number(EVIDENCE_PACK_OBLIGATIONS_MAX)} one pack can hold: ${lower}.`;
  }
  if (counts.files > limits.maxFiles) {
    return `This pack would hold ${number(counts.files)} files, more than the ${number(limits.maxFiles)} one pack can hold: ${lower}.`;
  }
  if (counts.bytes > limits.maxBytes) {
    return `This pack would hold ${megabytes(counts.bytes)} of files, more than the ${megabytes(limits.maxBytes)} one pack can hold: ${lower}.`;
  }
  return null;
}

/** One file of an inspection as stored. */
export interface PackFile {
  id: string;
  filename: string;
  mimeType: string | null;
  objectKey: string | null;
  size: number | null;
}

export interface PackObligation {
  regime: string;
  category: string;
  reference: string;
  assetCode: string | null;
  /** "Boiler room - AST-000012 Ideal Logic" for an asset's, the location's name for its own. */
  subject: string;
  locationPath: string;
  state: string;
  status: string;
  lastCompletedOn: string | null;
  lastResult: string | null;
  certificateNumber: string | null;
  certificateExpiresOn: string | null;
  nextDueOn: string | null;
  responsible: string | null;
  contractor: string | null;
  files: PackFile[];
}

export function evidencePackRepo(db: Db) {
  const inSubtree = (locationId: string) => sql`${obligations.locationId} IN (${areaLocationsSql([locationId])})`;

  return {
    async location(id: string) {
      const [row] = await db.select({ id: locations.id, name: locations.name }).from(locations).where(sql`${locations.id} = ${id}`);
      return row;
    },

    /** What the pack of the subtree would hold, counted without reading its rows. */
    async counts(locationId: string): Promise<PackCounts> {
      const { rows } = await db.execute<{ obligations: number; without_evidence: number; files: number; bytes: string }>(sql`
        SELECT count(*)::int AS obligations,
               count(*) FILTER (WHERE e.files = 0)::int AS without_evidence,
               coalesce(sum(e.files), 0)::int AS files,
               coalesce(sum(e.bytes), 0)::bigint AS bytes
        FROM ${obligations}
        CROSS JOIN LATERAL (
          SELECT count(*) AS files, coalesce(sum(m.filesize), 0) AS bytes
          FROM media m WHERE m.inspection_id = ${obligations.lastInspectionId}
        ) AS e
        WHERE ${inSubtree(locationId)}`);
      const row = rows[0]!;
      return { obligations: row.obligations, withoutEvidence: row.without_evidence, files: row.files, bytes: Number(row.bytes) };
    },

    /**
     * Every obligation of the subtree with its current inspection's files, by regime, place and asset
     * (the pack's folders are regimes). The caller has bounded the count first.
     */
    async contents(locationId: string, today: CalendarDate): Promise<PackObligation[]> {
      const rows = await db
        .select({
          row: obligations,
          regime: complianceRegimes,
          assetCode: assets.assetId,
          assetMake: assets.make,
          assetModel: assets.model,
          locationName: locations.name,
          locationPath: locations.path,
          responsible: users.fullName,
          certificateNumber: inspections.certificateNumber,
          files: sql<PackFile[]>`coalesce((
            SELECT json_agg(json_build_object('id', m.id, 'filename', m.filename, 'mimeType', m.mime_type, 'objectKey', m.object_key, 'size', m.filesize)
                            ORDER BY m.created_at, m.id)
            FROM media m WHERE m.inspection_id = ${obligations.lastInspectionId}), '[]'::json)`,
        })
        .from(obligations)
        .innerJoin(complianceRegimes, sql`${complianceRegimes.id} = ${obligations.regimeId}`)
        .innerJoin(locations, sql`${locations.id} = ${obligations.locationId}`)
        .leftJoin(assets, sql`${assets.id} = ${obligations.assetId}`)
        .leftJoin(users, sql`${users.id} = ${obligations.responsibleUserId}`)
        .leftJoin(inspections, sql`${inspections.id} = ${obligations.lastInspectionId}`)
        .where(inSubtree(locationId))
        .orderBy(complianceRegimes.name, locations.path, sql`${assets.assetId} NULLS FIRST`, obligations.id)
        .limit(EVIDENCE_PACK_OBLIGATIONS_MAX);

      return rows.map(({ row, regime, assetCode, assetMake, assetModel, locationName, locationPath, responsible, certificateNumber, files }) => {
        // As every read of an obligation: a status the calendar has moved on since it was stored is worked out again.
        const stale = row.statusChangesOn !== null && row.statusChangesOn <= today;
        const { status, nextDueOn } = stale ? obligationDates(storedFacts(row, regime), today) : row;
        const asset = assetCode ? [assetCode, assetMake, assetModel].filter(Boolean).join(' ') : null;
        return {
          regime: regime.name,
          category: REGIME_CATEGORY_LABELS[regime.category],
          reference: regime.reference,
          assetCode,
          subject: asset ? `${locationName} - ${asset}` : locationName,
          locationPath,
          state: OBLIGATION_STATE_LABELS[row.state],
          status: OBLIGATION_STATUS_LABELS[status],
          lastCompletedOn: row.lastCompletedOn,
          lastResult: row.lastResult ? INSPECTION_RESULT_LABELS[row.lastResult] : null,
          certificateNumber,
          certificateExpiresOn: row.certificateExpiresOn,
          nextDueOn,
          responsible,
          contractor: row.contractor,
          files,
        };
      });
    },
  };
}

// ── Names inside the zip ─────────────────────────────────────────────────────────────────────────

/**
 * Characters no name in the pack may hold: controls (C0, DEL, C1), the bidirectional overrides that
 * make "fdp.exe" read as "exe.pdf", and what Windows refuses in a file name (the path separators
 * among them, so a name can never climb out of its folder).
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069/\\:*?"<>|]/g;
/** Names Windows keeps for devices, whatever the extension. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;

/** A folder or file name (without extension) safe on every system the pack is opened on. */
export function safeName(text: string, maxLength: number): string {
  const cleaned = text.normalize('NFC').replace(UNSAFE, '-').replace(/\s+/g, ' ').trim();
  // Cut by code point, so a character outside the BMP is never split; leading and trailing dots
  // and spaces go after the cut ("..", a hidden file, Windows' stripped trailing dot).
  const cut = Array.from(cleaned).slice(0, maxLength).join('').replace(/^[\s.]+|[\s.]+$/g, '');
  if (!cut) return 'unnamed';
  return RESERVED.test(cut) ? `_${cut}` : cut;
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/avif': 'avif',
};

/** The extension from the stored type (what the upload's sniff found), else the file's own. */
function extensionOf(file: PackFile): string {
  if (file.mimeType && EXTENSIONS[file.mimeType]) return EXTENSIONS[file.mimeType]!;
  const own = /\.([a-z0-9]{1,5})$/i.exec(file.filename)?.[1];
  return own ? own.toLowerCase() : 'bin';
}

const FOLDER_MAX = 60;
const NAME_MAX = 120;

/**
 * Gives each file its path in the pack: `<regime>/<subject> - <date>[ - <certificate>][ - <file's
 * own name>].<ext>`; the file's own name is added when the certificate number alone would not tell
 * an inspection's files apart. Unique without regard to case (Windows and macOS would merge them).
 */
export function namePackFiles(list: PackObligation[]): Map<PackFile, string> {
  const names = new Map<PackFile, string>();
  const taken = new Set<string>();
  for (const obligation of list) {
    const folder = safeName(obligation.regime, FOLDER_MAX);
    for (const file of obligation.files) {
      const parts = [obligation.subject, obligation.lastCompletedOn ?? 'undated'];
      if (obligation.certificateNumber) parts.push(obligation.certificateNumber);
      if (!obligation.certificateNumber || obligation.files.length > 1) parts.push(file.filename.replace(/\.[^.]*$/, ''));
      const base = safeName(parts.join(' - '), NAME_MAX);
      const ext = extensionOf(file);
      let name = `${folder}/${base}.${ext}`;
      for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${folder}/${base} (${n}).${ext}`;
      taken.add(name.toLowerCase());
      names.set(file, name);
    }
  }
  return names;
}

// ── The index ────────────────────────────────────────────────────────────────────────────────────

export const NO_EVIDENCE = 'No evidence on file';
export const MISSING_FROM_STORAGE = 'File missing from storage';

export const INDEX_COLUMNS: ReportColumn[] = [
  { header: 'Regime', key: 'regime', width: 32 },
  { header: 'Category', key: 'category', width: 16 },
  { header: 'Reference', key: 'reference', width: 36 },
  { header: 'Asset ID', key: 'asset_code', width: 14 },
  { header: 'Asset or location', key: 'subject', width: 36 },
  { header: 'Location path', key: 'location_path', width: 48 },
  { header: 'State', key: 'state', width: 14 },
  { header: 'Status', key: 'status', width: 14 },
  { header: 'Last performed', key: 'last_completed_on', width: 14, type: 'date' },
  { header: 'Result', key: 'last_result', width: 22 },
  { header: 'Certificate', key: 'certificate_number', width: 18 },
  { header: 'Certificate expiry', key: 'certificate_expires_on', width: 16, type: 'date' },
  { header: 'Next due', key: 'next_due_on', width: 12, type: 'date' },
  { header: 'Responsible', key: 'responsible', width: 22 },
  { header: 'Contractor', key: 'contractor', width: 22 },
  { header: 'Files in this pack', key: 'files', width: 80 },
];

/**
 * The index's rows, written after the files: a file that could not be read is named as missing
 * instead of being left out silently. Every text cell goes through the sheet writers' neutralise().
 */
export function indexRows(list: PackObligation[], names: Map<PackFile, string>, missing: Set<PackFile>): ReportRow[] {
  return list.map((o) => ({
    regime: o.regime,
    category: o.category,
    reference: o.reference,
    asset_code: o.assetCode,
    subject: o.subject,
    location_path: o.locationPath,
    state: o.state,
    status: o.status,
    last_completed_on: o.lastCompletedOn,
    last_result: o.lastResult,
    certificate_number: o.certificateNumber,
    certificate_expires_on: o.certificateExpiresOn,
    next_due_on: o.nextDueOn,
    responsible: o.responsible,
    contractor: o.contractor,
    files:
      o.files.length === 0
        ? NO_EVIDENCE
        : o.files.map((f) => (missing.has(f) ? `${MISSING_FROM_STORAGE}: ${f.filename}` : names.get(f))).join('; '),
  }));
}
