import type { HistoryChange, HistoryEntry, HistoryEntity } from '@shared/contract/history';
import {
  ACTION_CATEGORY_LABELS,
  ACTION_PRIORITY_LABELS,
  ACTION_STATUS_LABELS,
  ASSET_STATUS_LABELS,
  ASSET_TYPE_LABELS,
  COMPLIANCE_FIELDS,
  COMPLIANCE_LABELS,
  CONDITION_LABELS,
  DEFECT_SEVERITY_LABELS,
  LOCATION_TYPE_LABELS,
  METER_TYPE_LABELS,
} from '@shared/domain';
import { INSPECTION_RESULT_LABELS, INTERVAL_UNIT_LABELS, OBLIGATION_STATE_LABELS, OBLIGATION_STATUS_LABELS } from '@shared/domain/compliance';
import { formatCalendarDate, formatDateTime, formatNumber } from '@/lib/format';

/** How the History tab words an audit entry: a sentence for what happened and "Field: old → new" lines. */

/** Shown for a change no signed-in user made (data loads, maintenance). */
export const SYSTEM_ACTOR = 'System';
/** Shown for a blank value. */
export const BLANK = '—';

const NOUNS: Record<HistoryEntity, string> = {
  location: 'location',
  asset: 'asset',
  assessment: 'assessment',
  defect: 'defect',
  action: 'action',
  media: 'file',
  meter: 'meter',
  meter_reading: 'meter reading',
  obligation: 'compliance obligation',
  inspection: 'inspection',
};

/** Verbs per operation; an assessment is recorded, records under the asset are added. */
const VERBS: Record<HistoryEntity, Record<HistoryEntry['operation'], string>> = {
  location: { create: 'Created', update: 'Updated', delete: 'Deleted' },
  asset: { create: 'Created', update: 'Updated', delete: 'Deleted' },
  assessment: { create: 'Recorded', update: 'Updated', delete: 'Deleted' },
  defect: { create: 'Added', update: 'Updated', delete: 'Removed' },
  action: { create: 'Added', update: 'Updated', delete: 'Deleted' },
  media: { create: 'Added', update: 'Updated', delete: 'Deleted' },
  meter: { create: 'Created', update: 'Updated', delete: 'Deleted' },
  meter_reading: { create: 'Recorded', update: 'Updated', delete: 'Deleted' },
  obligation: { create: 'Added', update: 'Updated', delete: 'Removed' },
  inspection: { create: 'Recorded', update: 'Updated', delete: 'Deleted' },
};

/** Subjects that are codes (AST-…, ASM-…) read plainly; free text (a file name, a defect) is quoted. */
const CODE_SUBJECTS: ReadonlySet<HistoryEntity> = new Set(['asset', 'assessment', 'action', 'meter']);

/** "Recorded assessment ASM-000012", "Deleted photo “roof.jpg”", "Updated asset". */
export function describeEntry(entry: HistoryEntry): string {
  let noun = NOUNS[entry.entity];
  if (entry.entity === 'media') {
    const type = entry.changes.find((c) => c.field === 'type');
    const value = type?.after ?? type?.before;
    if (value === 'photo' || value === 'video' || value === 'document') noun = value;
  }
  // A spreadsheet import's changes say so (ADR 029): "Imported asset", "Updated asset by import".
  const verb = entry.importId && entry.operation === 'create' ? 'Imported' : VERBS[entry.entity][entry.operation];
  const sentence = `${verb} ${noun}${entry.importId && entry.operation !== 'create' ? ' by import' : ''}`;
  // The asset's own entries sit on its page: its code would only repeat the header.
  if (!entry.subject || entry.entity === 'asset') return sentence;
  return CODE_SUBJECTS.has(entry.entity) ? `${sentence} ${entry.subject}` : `${sentence} “${entry.subject}”`;
}

const COMPLIANCE_LABEL_OF: Record<string, string> = Object.fromEntries(COMPLIANCE_FIELDS.map(({ key, label }) => [key, `${label} compliance`]));

const FIELD_LABELS: Record<string, string> = {
  ...COMPLIANCE_LABEL_OF,
  type: 'Type',
  subtype: 'Subtype',
  make: 'Make',
  model: 'Model',
  serial: 'Serial number',
  description: 'Description',
  locationId: 'Location',
  installDate: 'Install date',
  warrantyExpiry: 'Warranty expiry',
  condition: 'Condition',
  conditionNotes: 'Condition notes',
  qrCode: 'QR code',
  barcode: 'Barcode',
  customFields: 'Custom fields',
  status: 'Status',
  assetId: 'Asset',
  assessmentId: 'Assessment',
  actionId: 'Action',
  assessedAt: 'Assessed at',
  code: 'Code',
  severity: 'Severity',
  title: 'Title',
  category: 'Category',
  priority: 'Priority',
  assignee: 'Assignee',
  targetDate: 'Target date',
  completedDate: 'Completed date',
  filename: 'File name',
  filesize: 'File size',
  mimeType: 'File type',
  width: 'Width',
  height: 'Height',
  caption: 'Caption',
  gpsLat: 'Latitude',
  gpsLon: 'Longitude',
  takenAt: 'Taken at',
  name: 'Name',
  parentId: 'Parent',
  metadata: 'Details',
  meterNumber: 'Meter number',
  unit: 'Unit',
  multiplier: 'Multiplier',
  meterId: 'Meter',
  reading: 'Reading',
  readingDate: 'Reading date',
  notes: 'Notes',
  photoUrl: 'Photo',
  isReset: 'Meter reset',
  overdueFor: 'Overdue since',
  obligationId: 'Compliance obligation',
  inspectionId: 'Inspection',
  regimeId: 'Regime',
  intervalCount: 'Interval',
  intervalUnit: 'Interval unit',
  intervalReason: 'Reason for the interval',
  responsibleUserId: 'Responsible person',
  contractor: 'Contractor',
  state: 'State',
  stateReason: 'Reason',
  stateSetBy: 'State set by',
  startOn: 'First due',
  lastCompletedOn: 'Last completed',
  certificateExpiresOn: 'Certificate expiry',
  nextDueOn: 'Next due',
  performedOn: 'Date performed',
  performedById: 'Performed by',
  result: 'Result',
  readings: 'Readings',
  certificateNumber: 'Certificate number',
  correctsId: 'Corrects',
};

/** A record's own code field: "Asset ID" on the asset, where "Asset" would point at itself. */
const OWN_CODE_FIELDS: Partial<Record<HistoryEntity, string>> = { asset: 'assetId', assessment: 'assessmentId', action: 'actionId' };

/** The human label of a field: "conditionNotes" → "Condition notes". */
export function fieldLabel(entity: HistoryEntity, field: string): string {
  if (OWN_CODE_FIELDS[entity] === field) return `${NOUNS[entity].charAt(0).toUpperCase()}${NOUNS[entity].slice(1)} ID`;
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const TYPE_LABELS: Partial<Record<HistoryEntity, Record<string, string>>> = {
  asset: ASSET_TYPE_LABELS,
  location: LOCATION_TYPE_LABELS,
  meter: METER_TYPE_LABELS,
  media: { photo: 'Photo', video: 'Video', document: 'Document (PDF)' },
};
const STATUS_LABELS: Partial<Record<HistoryEntity, Record<string, string>>> = {
  asset: ASSET_STATUS_LABELS,
  action: ACTION_STATUS_LABELS,
  obligation: OBLIGATION_STATUS_LABELS,
};
const VALUE_LABELS: Record<string, Record<string, string>> = {
  result: INSPECTION_RESULT_LABELS,
  state: OBLIGATION_STATE_LABELS,
  intervalUnit: INTERVAL_UNIT_LABELS,
  condition: CONDITION_LABELS,
  priority: ACTION_PRIORITY_LABELS,
  category: ACTION_CATEGORY_LABELS,
  severity: DEFECT_SEVERITY_LABELS,
  ...Object.fromEntries(COMPLIANCE_FIELDS.map(({ key }) => [key, COMPLIANCE_LABELS])),
};
const CALENDAR_DATES = new Set([
  'installDate',
  'warrantyExpiry',
  'targetDate',
  'completedDate',
  'overdueFor',
  'startOn',
  'lastCompletedOn',
  'certificateExpiresOn',
  'nextDueOn',
  'performedOn',
]);
const TIMES = new Set(['assessedAt', 'takenAt', 'readingDate']);

const formatBytes = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** A stored value as the screens show it: labels for codes, dates in en-GB, blanks as a dash. */
export function formatValue(entity: HistoryEntity, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return BLANK;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return field === 'filesize' ? formatBytes(value) : formatNumber(value);
  if (Array.isArray(value)) return value.length ? value.map((v) => formatValue(entity, field, v)).join(', ') : BLANK;
  if (typeof value === 'object') {
    const pairs = Object.entries(value as Record<string, unknown>);
    return pairs.length ? pairs.map(([k, v]) => `${k}: ${formatValue(entity, '', v)}`).join(', ') : BLANK;
  }
  const text = String(value);
  const labels = field === 'type' ? TYPE_LABELS[entity] : field === 'status' ? STATUS_LABELS[entity] : VALUE_LABELS[field];
  if (labels?.[text]) return labels[text];
  if (CALENDAR_DATES.has(field)) return formatCalendarDate(text);
  if (TIMES.has(field)) return formatDateTime(text);
  return text;
}

export interface ChangeLine {
  label: string;
  /** Absent for a create or delete, which list the values the record had. */
  before?: string;
  after: string;
}

/**
 * One line per change: an update reads "old → new", a create or delete just the value (without the
 * record's own code, which the sentence or the page header already shows).
 */
export function changeLines(entry: HistoryEntry): ChangeLine[] {
  const ownCode = OWN_CODE_FIELDS[entry.entity];
  const changes = entry.operation === 'update' ? entry.changes : entry.changes.filter((c) => c.field !== ownCode);
  return changes.map((change: HistoryChange) => {
    const label = fieldLabel(entry.entity, change.field);
    if (entry.operation === 'update') {
      return { label, before: formatValue(entry.entity, change.field, change.before), after: formatValue(entry.entity, change.field, change.after) };
    }
    const value = entry.operation === 'create' ? change.after : change.before;
    return { label, after: formatValue(entry.entity, change.field, value) };
  });
}

/** Who made the change: their name, or "System" when no signed-in user did. */
export function actorName(entry: HistoryEntry): string {
  if (!entry.actor) return SYSTEM_ACTOR;
  return entry.actor.fullName ?? 'A former user';
}
