import { ASSET_STATUS_LABELS, ASSET_STATUSES, ASSET_TYPE_LABELS, ASSET_TYPES, COMPLIANCE_LABELS, COMPLIANCE_VALUES, CONDITION_LABELS, CONDITIONS } from './assets';
import type { AssetStatus, AssetType, ComplianceValue, Condition } from './assets';
import { LOCATION_TYPES, type LocationType } from './locations';

/**
 * Spreadsheet import (issue 26, docs/decisions/029): what a column can be mapped to, the header and
 * value synonyms suggested, and how cells are read (dates, the #CLEAR marker). The server applies
 * these; the Import page shows the same lists.
 */

/** Where an import job stands (ADR 029). */
export const IMPORT_STATUSES = ['uploaded', 'dry_running', 'dry_run_failed', 'ready', 'committing', 'committed', 'commit_failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Limits of one import: the file's size and its data rows (the header row not counted). */
export const IMPORT_MAX_BYTES = 25 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** Uploads one user may make in an hour (each kept a day, up to 25 MB): fixing and re-uploading needs a handful. */
export const IMPORT_UPLOADS_PER_HOUR = 60;
export const IMPORT_UPLOADS_MESSAGE = `At most ${IMPORT_UPLOADS_PER_HOUR} spreadsheets an hour can be uploaded. Try again later.`;
/** Rows of each sheet the upload answers as a sample for the mapping screen. */
export const IMPORT_SAMPLE_ROWS = 5;
/** Columns of a sheet considered; a wider sheet is refused (a register has a few dozen). */
export const IMPORT_MAX_COLUMNS = 200;

export const IMPORT_TOO_LARGE_MESSAGE = 'The file is larger than 25 MB. Split it into smaller files and import each.';
export const tooManyRowsMessage = (sheet: string, rows: number) =>
  `Sheet "${sheet}" has more than ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows (at least ${rows.toLocaleString('en-GB')}). Split it into files of at most ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows.`;
export const NOT_A_SPREADSHEET_MESSAGE = 'This file is not a spreadsheet: upload an Excel workbook (.xlsx) or a CSV file.';
export const MALFORMED_WORKBOOK_MESSAGE = 'This Excel file could not be read: it may be damaged. Open it in Excel, save it again as .xlsx and upload that.';

/** A cell holding exactly this (any case) empties the field; a blank cell leaves it as it is. */
export const CLEAR_MARKER = '#CLEAR';
export const isClearMarker = (text: string) => text.trim().toUpperCase() === CLEAR_MARKER;

/** The asset fields a column can fill (the asset form's fields, spec §3), plus the location columns. */
export const IMPORT_FIELDS = [
  'assetId',
  'clientAssetId',
  'type',
  'subtype',
  'make',
  'model',
  'serial',
  'description',
  'locationPath',
  'region',
  'site',
  'building',
  'floor',
  'area',
  'installDate',
  'warrantyExpiry',
  'condition',
  'conditionNotes',
  'complianceFire',
  'complianceElectrical',
  'complianceLoler',
  'complianceHygiene',
  'barcode',
  'status',
  'customFields',
  'meterNumber',
  'meterReading',
  'meterReadingDate',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  assetId: 'Asset ID (AST-…)',
  clientAssetId: 'Your asset number',
  type: 'Type',
  subtype: 'Subtype',
  make: 'Make',
  model: 'Model',
  serial: 'Serial',
  description: 'Description',
  locationPath: 'Location path',
  region: 'Region',
  site: 'Site',
  building: 'Building',
  floor: 'Floor',
  area: 'Area',
  installDate: 'Install date',
  warrantyExpiry: 'Warranty expiry',
  condition: 'Condition',
  conditionNotes: 'Condition notes',
  complianceFire: 'Fire',
  complianceElectrical: 'Electrical',
  complianceLoler: 'LOLER',
  complianceHygiene: 'Hygiene',
  barcode: 'Barcode',
  status: 'Status',
  customFields: 'Custom fields (key: value; …)',
  meterNumber: 'Meter number',
  meterReading: 'Meter reading (latest)',
  meterReadingDate: 'Meter reading date',
};

/** The per-level location columns and the level each names. */
export const LOCATION_LEVEL_FIELDS = ['region', 'site', 'building', 'floor', 'area'] as const satisfies readonly ImportField[] & readonly LocationType[];
export type LocationLevelField = (typeof LOCATION_LEVEL_FIELDS)[number];

/**
 * What one column is mapped to: an import field, `custom:<name>` (the column becomes custom field
 * `<name>`), `inspection:<regime key>:date|certificate` (the last inspection of a regime on the
 * row's asset), or null (ignored).
 */
export const CUSTOM_TARGET_PREFIX = 'custom:';
export const INSPECTION_TARGET_PREFIX = 'inspection:';
export const INSPECTION_PARTS = ['date', 'certificate'] as const;
export type InspectionPart = (typeof INSPECTION_PARTS)[number];
export type ImportTarget = ImportField | `custom:${string}` | `inspection:${string}:${InspectionPart}`;
export const inspectionTarget = (regimeKey: string, part: InspectionPart): ImportTarget => `${INSPECTION_TARGET_PREFIX}${regimeKey}:${part}`;
const INSPECTION_TARGET = /^inspection:([a-z0-9_]{1,100}):(date|certificate)$/;
/** The regime and part an inspection target names, or undefined when it is not one. */
export function parseInspectionTarget(target: string): { regimeKey: string; part: InspectionPart } | undefined {
  const match = INSPECTION_TARGET.exec(target);
  return match ? { regimeKey: match[1]!, part: match[2] as InspectionPart } : undefined;
}
export const customTarget = (name: string): ImportTarget => `${CUSTOM_TARGET_PREFIX}${name.trim()}`;
export const isImportField = (value: string): value is ImportField => (IMPORT_FIELDS as readonly string[]).includes(value);

/** A header as compared with the synonyms: letters and digits only, lower case ("Asset No." → "assetno"). */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Header names (as headerKey gives them) suggested for each field, the field's own name first. */
export const HEADER_SYNONYMS: Record<ImportField, readonly string[]> = {
  assetId: ['assetid', 'assetcode', 'registerid'],
  clientAssetId: ['clientassetid', 'assetno', 'assetnumber', 'assetnum', 'assettag', 'tagno', 'tagnumber', 'assetref', 'assetreference', 'ref', 'reference', 'legacyid', 'externalid'],
  type: ['type', 'assettype', 'category', 'assetcategory', 'class', 'assetclass'],
  subtype: ['subtype', 'subcategory', 'subclass'],
  make: ['make', 'manufacturer', 'brand'],
  model: ['model', 'modelno', 'modelnumber'],
  serial: ['serial', 'serialno', 'serialnumber', 'serialnum', 'sn'],
  description: ['description', 'desc', 'assetdescription', 'assetname', 'name', 'item'],
  locationPath: ['location', 'locationpath', 'path', 'fulllocation', 'locationhierarchy'],
  region: ['region'],
  site: ['site', 'sitename', 'property'],
  building: ['building', 'buildingname', 'block'],
  floor: ['floor', 'level', 'storey', 'floorlevel'],
  area: ['area', 'room', 'space', 'roomname', 'zone'],
  installDate: ['installdate', 'installed', 'installationdate', 'dateinstalled', 'installeddate', 'commissioned', 'commissioningdate'],
  warrantyExpiry: ['warrantyexpiry', 'warranty', 'warrantyend', 'warrantyexpires', 'warrantyexpirydate', 'warrantyenddate'],
  condition: ['condition', 'conditiongrade', 'grade', 'conditionrating', 'conditionscore'],
  conditionNotes: ['conditionnotes', 'notes', 'comments', 'remarks', 'conditioncomments'],
  complianceFire: ['compliancefire', 'fire', 'firecompliance', 'firecompliant'],
  complianceElectrical: ['complianceelectrical', 'electrical', 'electricalcompliance', 'electricalcompliant'],
  complianceLoler: ['complianceloler', 'loler', 'lolercompliance', 'lolercompliant'],
  complianceHygiene: ['compliancehygiene', 'hygiene', 'hygienecompliance', 'hygienecompliant'],
  barcode: ['barcode', 'barcodeno', 'barcodenumber', 'qrcode'],
  status: ['status', 'assetstatus', 'lifecycle', 'lifecyclestatus'],
  customFields: ['customfields'],
  meterNumber: ['meternumber', 'meterno', 'meterref', 'meterid', 'meterserial', 'meterserialnumber'],
  meterReading: ['meterreading', 'reading', 'lastreading', 'latestreading', 'lastmeterreading', 'latestmeterreading', 'currentreading'],
  meterReadingDate: ['meterreadingdate', 'readingdate', 'lastreadingdate', 'dateread', 'readon', 'latestreadingdate'],
};

/** Columns of the register export that the server sets itself, and the error workbook's own column. */
const NEVER_SUGGESTED = new Set(['photos', 'createdby', 'createdat', 'updatedat', 'errors']);

/**
 * The suggested mapping of a sheet's headers: each header whose name (or a common synonym) names a
 * field, each field at most once (the first such column); the rest ignored (null). The user can map
 * any ignored column to a custom field.
 */
export function suggestMapping(headers: readonly string[]): (ImportTarget | null)[] {
  const byKey = new Map<string, ImportField>();
  for (const field of IMPORT_FIELDS) for (const key of HEADER_SYNONYMS[field]) if (!byKey.has(key)) byKey.set(key, field);
  const used = new Set<ImportField>();
  return headers.map((header) => {
    const key = headerKey(header);
    if (NEVER_SUGGESTED.has(key)) return null;
    const field = byKey.get(key);
    if (!field || used.has(field)) return null;
    used.add(field);
    return field;
  });
}

/** Header names (as headerKey gives them) suggested for a regime's last inspection date and certificate number. */
export function inspectionHeaderKeys(regime: { key: string; name: string }): Record<InspectionPart, string[]> {
  const names = [...new Set([headerKey(regime.key), headerKey(regime.name)])];
  return {
    date: names.flatMap((n) => [n, `last${n}`, `${n}date`, `last${n}date`, `${n}lastinspection`, `${n}inspectiondate`, `${n}testdate`, `last${n}test`, `${n}done`, `${n}completed`]),
    certificate: names.flatMap((n) => [`${n}certificate`, `${n}cert`, `${n}certno`, `${n}certificateno`, `${n}certificatenumber`, `${n}certnumber`, `${n}certref`]),
  };
}

/**
 * The suggested mapping with each still-ignored column whose header names a regime's last
 * inspection date or certificate number ("EICR date", "Last gas safety", "EICR cert no") mapped to it.
 */
export function withInspectionSuggestions(headers: readonly string[], mapping: readonly (ImportTarget | null)[], regimes: readonly { key: string; name: string }[]): (ImportTarget | null)[] {
  const byKey = new Map<string, ImportTarget>();
  for (const regime of regimes) {
    const keys = inspectionHeaderKeys(regime);
    for (const part of INSPECTION_PARTS) for (const key of keys[part]) if (!byKey.has(key)) byKey.set(key, inspectionTarget(regime.key, part));
  }
  const used = new Set(mapping.filter((t) => t !== null));
  return headers.map((header, i) => {
    const current = mapping[i] ?? null;
    if (current !== null) return current;
    const target = byKey.get(headerKey(header));
    if (!target || used.has(target)) return null;
    used.add(target);
    return target;
  });
}

/** The enum columns whose cells are read through value synonyms. */
export const ENUM_KINDS = ['type', 'condition', 'status', 'compliance'] as const;
export type EnumKind = (typeof ENUM_KINDS)[number];
export type EnumValueOf = { type: AssetType; condition: Condition; status: AssetStatus; compliance: ComplianceValue };
export const ENUM_VALUES: { [K in EnumKind]: readonly EnumValueOf[K][] } = {
  type: ASSET_TYPES,
  condition: CONDITIONS,
  status: ASSET_STATUSES,
  compliance: COMPLIANCE_VALUES,
};
export const enumKindOf = (field: ImportField): EnumKind | undefined =>
  field === 'type' || field === 'condition' || field === 'status' ? field : field.startsWith('compliance') ? 'compliance' : undefined;

/** A cell as compared with value synonyms: lower case, runs of spaces, dashes and underscores as one space. */
export const valueKey = (text: string) => text.trim().toLowerCase().replace(/[\s_-]+/g, ' ');

/** Value synonyms: per kind, a cell's valueKey → the stored value. */
export type ValueSynonyms = { [K in EnumKind]: Record<string, EnumValueOf[K]> };

function withLabels<T extends string>(values: readonly T[], labels: Record<T, string>, extra: Record<string, T>): Record<string, T> {
  const synonyms: Record<string, T> = {};
  for (const value of values) {
    synonyms[valueKey(value)] = value;
    synonyms[valueKey(labels[value])] = value;
  }
  for (const [text, value] of Object.entries(extra)) synonyms[valueKey(text)] = value;
  return synonyms;
}

/**
 * The value synonyms every import starts with: each value's own name and its label (what the
 * register export writes), and common spellings of registers kept elsewhere. Condition grades 1–5
 * run from excellent to unsafe, and letters A–D from excellent to poor. "E" is left out on purpose:
 * it is Excellent's initial in some registers and the worst grade of an A–E scale in others, and a
 * guess could record an unsafe asset as excellent; such a file says what "E" means with a synonym
 * of its own (the unknown value is an error until then).
 */
export const DEFAULT_VALUE_SYNONYMS: ValueSynonyms = {
  type: withLabels(ASSET_TYPES, ASSET_TYPE_LABELS, {
    'fire doors': 'fire_door',
    firedoor: 'fire_door',
    'air conditioning': 'hvac',
    'air con': 'hvac',
    aircon: 'hvac',
    ventilation: 'hvac',
    computer: 'pc',
    desktop: 'pc',
    laptop: 'pc',
    screen: 'monitor',
    display: 'monitor',
    'roofing': 'roof',
  }),
  condition: withLabels(CONDITIONS, CONDITION_LABELS, {
    '1': 'excellent', a: 'excellent', 'very good': 'excellent', new: 'excellent',
    g: 'good', '2': 'good', b: 'good',
    f: 'fair', '3': 'fair', c: 'fair', average: 'fair', ok: 'fair',
    p: 'poor', '4': 'poor', d: 'poor', bad: 'poor',
    u: 'unsafe', '5': 'unsafe', x: 'unsafe', dangerous: 'unsafe', condemned: 'unsafe',
  }),
  status: withLabels(ASSET_STATUSES, ASSET_STATUS_LABELS, {
    'in use': 'active', live: 'active', operational: 'active', 'in service': 'active',
    repair: 'under_repair', 'in repair': 'under_repair', broken: 'under_repair', faulty: 'under_repair',
    retired: 'decommissioned', 'out of service': 'decommissioned',
    scrapped: 'disposed', sold: 'disposed', removed: 'disposed',
  }),
  compliance: withLabels(COMPLIANCE_VALUES, COMPLIANCE_LABELS, {
    y: 'yes', compliant: 'yes', pass: 'yes', passed: 'yes', true: 'yes', ok: 'yes',
    n: 'no', noncompliant: 'no', 'not compliant': 'no', fail: 'no', failed: 'no', false: 'no',
    'n/a': 'na', 'not applicable': 'na', none: 'na',
  }),
};

/** The defaults with the user's synonyms over them (theirs win). Keys are normalised with valueKey. */
export function mergeValueSynonyms(extra: Partial<{ [K in EnumKind]: Record<string, string> }> | undefined): ValueSynonyms {
  const merged = { ...DEFAULT_VALUE_SYNONYMS } as Record<EnumKind, Record<string, string>>;
  for (const kind of ENUM_KINDS) {
    merged[kind] = { ...DEFAULT_VALUE_SYNONYMS[kind] };
    for (const [text, value] of Object.entries(extra?.[kind] ?? {})) merged[kind][valueKey(text)] = value;
  }
  return merged as ValueSynonyms;
}

/** The stored value a cell names, or undefined when it names none. */
export function enumValueOf<K extends EnumKind>(kind: K, text: string, synonyms: ValueSynonyms): EnumValueOf[K] | undefined {
  return synonyms[kind][valueKey(text)] as EnumValueOf[K] | undefined;
}

/** Each kind's values as the screens name them. */
export const ENUM_LABELS: { [K in EnumKind]: Record<EnumValueOf[K], string> } = {
  type: ASSET_TYPE_LABELS,
  condition: CONDITION_LABELS,
  status: ASSET_STATUS_LABELS,
  compliance: COMPLIANCE_LABELS,
};

/** The texts the defaults read as each value of a kind, e.g. good ← "good", "g", "2", "b". */
export function defaultSynonymsByValue(kind: EnumKind): Record<string, string[]> {
  const byValue: Record<string, string[]> = {};
  for (const [text, value] of Object.entries(DEFAULT_VALUE_SYNONYMS[kind])) (byValue[value] ??= []).push(text);
  return byValue;
}

/** How each enum column's allowed values read in an error message. */
export const enumChoices = (kind: EnumKind) => ENUM_VALUES[kind].join(', ');

// ── Dates ───────────────────────────────────────────────────────────────────────────────────────

export type DateResult = { date: string } | { error: string };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** YYYY-MM-DD of a real date, or undefined (31/02 is not rolled into March). */
function calendarDate(year: number, month: number, day: number): string | undefined {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return undefined;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= last ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : undefined;
}

/**
 * An Excel serial day number (the 1900 date system: 1 is 1900-01-01, and Excel counts a
 * 29 February 1900 that never was, so serials from 61 on are one day ahead). Fractions (times) are dropped.
 */
export function excelSerialDate(serial: number): string | undefined {
  if (!Number.isFinite(serial) || serial < 1 || serial >= 2_958_466) return undefined;
  const days = Math.floor(serial);
  if (days === 60) return undefined; // 29/02/1900
  const epoch = Date.UTC(1899, 11, days < 60 ? 31 : 30);
  return new Date(epoch + days * 86_400_000).toISOString().slice(0, 10);
}

const DATE_HELP = 'write it as dd/mm/yyyy or yyyy-mm-dd';

/**
 * A date cell as the register stores it (YYYY-MM-DD). Accepted: yyyy-mm-dd (an ISO time after it is
 * ignored), dd/mm/yyyy (also with - or . between), "3 April 2025", a date cell, or an Excel serial
 * number (a number cell, or five digits as text). A two-digit year (03/04/05) could be any of three
 * dates: it is an error, never a guess. So is a date that does not exist (31/02/2025).
 */
export function parseImportDate(value: string | number | Date): DateResult {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return { error: `is not a date: ${DATE_HELP}` };
    return { date: value.toISOString().slice(0, 10) };
  }
  if (typeof value === 'number') {
    const date = excelSerialDate(value);
    return date ? { date } : { error: `${value} is not an Excel date number: ${DATE_HELP}` };
  }
  const text = value.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (match) return dateOrError(calendarDate(+match[1]!, +match[2]!, +match[3]!), text);
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})$/.exec(text);
  if (match) {
    if (match[3]!.length !== 4) return { error: `"${text}" is ambiguous: write the year in full (dd/mm/yyyy)` };
    return dateOrError(calendarDate(+match[3]!, +match[2]!, +match[1]!), text);
  }
  match = /^(\d{1,2})[\s-]+([a-z]{3,9})[\s-]+(\d{4})$/i.exec(text);
  if (match) {
    const month = MONTHS.indexOf(match[2]!.slice(0, 3).toLowerCase()) + 1;
    return dateOrError(month > 0 ? calendarDate(+match[3]!, month, +match[1]!) : undefined, text);
  }
  if (/^\d{5}(?:\.\d+)?$/.test(text)) {
    const date = excelSerialDate(Number(text));
    if (date) return { date };
  }
  return { error: `"${text}" is not a date: ${DATE_HELP}` };
}

const dateOrError = (date: string | undefined, text: string): DateResult => (date ? { date } : { error: `"${text}" is not a real date` });

// ── Custom fields ───────────────────────────────────────────────────────────────────────────────

/** The register export's text of custom fields: "key: value; key: value", keys in order. */
export function customFieldsText(fields: Record<string, unknown>): string {
  return Object.keys(fields)
    .sort()
    .map((key) => `${key}: ${typeof fields[key] === 'string' ? fields[key] : JSON.stringify(fields[key])}`)
    .join('; ');
}

/**
 * A custom fields cell: a JSON object, or "key: value; key: value" as the export writes it.
 * Undefined when it is neither.
 */
export function parseCustomFields(text: string): Record<string, unknown> | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
  const fields: Record<string, unknown> = {};
  for (const part of trimmed.split(/;\s*/)) {
    if (part.trim() === '') continue;
    const colon = part.indexOf(':');
    if (colon <= 0) return undefined;
    fields[part.slice(0, colon).trim()] = part.slice(colon + 1).trim();
  }
  return fields;
}

// ── Locations ───────────────────────────────────────────────────────────────────────────────────

/** A location path cell split into names: " / ", "/", ">" or "\" between levels. */
export function splitLocationPath(text: string): string[] {
  return text
    .split(/\s*[/>\\]\s*/)
    .map((name) => name.trim().replace(/\s+/g, ' '))
    .filter((name) => name !== '');
}

/** Locations match within their parent by name, ignoring case and extra spaces. */
export const locationNameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The level a new location takes under a parent of `parent` level (null: a top-level one). */
export function levelBelow(parent: LocationType | null, pathLength: number): LocationType | undefined {
  if (parent === null) return pathLength >= LOCATION_TYPES.length ? 'organisation' : 'region';
  return LOCATION_TYPES[LOCATION_TYPES.indexOf(parent) + 1];
}

/**
 * A text cell written by the register export with its formula guard (an apostrophe before =, +, -,
 * @): the apostrophe is the export's, not the user's, so export → import changes nothing.
 */
export function withoutFormulaGuard(text: string): string {
  return /^'[=+\-@\t\r\n]/.test(text) ? text.slice(1) : text;
}
