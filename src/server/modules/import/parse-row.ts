import {
  CUSTOM_TARGET_PREFIX,
  enumChoices,
  enumKindOf,
  enumValueOf,
  IMPORT_FIELD_LABELS,
  isClearMarker,
  LOCATION_LEVEL_FIELDS,
  parseCustomFields,
  parseInspectionTarget,
  parseImportDate,
  splitLocationPath,
  withoutFormulaGuard,
  type ImportField,
  type ImportTarget,
  type ValueSynonyms,
} from '../../../shared/domain/imports';
import { MAX_READING } from '../../../shared/domain/meters';
import type { LocationSegment } from './location-index';
import { cellText, type Cell, type SheetRow } from './sheet-reader';

/**
 * One spreadsheet row read through the mapping (ADR 029), before any look-up: the asset fields it
 * sets (null where #CLEAR empties one; a blank cell sets nothing), its location segments, its keys,
 * and the problems with its cells. The asset form's zod schema checks the result afterwards.
 */

/** The asset fields an import sets (the form's fields); location and keys are handled apart. */
export const VALUE_FIELDS = [
  'type', 'subtype', 'make', 'model', 'serial', 'description', 'installDate', 'warrantyExpiry', 'condition', 'conditionNotes',
  'complianceFire', 'complianceElectrical', 'complianceLoler', 'complianceHygiene', 'barcode', 'status',
] as const satisfies readonly ImportField[];
export type ValueField = (typeof VALUE_FIELDS)[number];

const REQUIRED_FIELDS = new Set<ImportField>(['type', 'condition', 'status', 'complianceFire', 'complianceElectrical', 'complianceLoler', 'complianceHygiene']);
/** Fields a #CLEAR cannot empty: the required ones, the keys, the location, and what records (readings). */
const NEVER_CLEARED = new Set<ImportField>([...REQUIRED_FIELDS, 'assetId', 'clientAssetId', 'locationPath', ...LOCATION_LEVEL_FIELDS, 'meterNumber', 'meterReading', 'meterReadingDate']);
const DATE_FIELDS = new Set<ImportField>(['installDate', 'warrantyExpiry']);

export interface RowProblem {
  /** The column's header, or null for a problem of the whole row. */
  column: string | null;
  message: string;
}

export interface ParsedRow {
  number: number;
  problems: RowProblem[];
  assetId?: string;
  clientAssetId?: string;
  values: Partial<Record<ValueField, string | null>>;
  /** The custom fields column: the whole object (null: emptied), and its text as written. */
  customFields?: { value: Record<string, unknown>; text: string };
  /** Single custom fields from `custom:<name>` columns: a value, or null to remove the field. */
  customValues: Record<string, string | null>;
  location?: LocationSegment[];
  /** The last inspection of each regime the row names (by regime key): its date and certificate number. */
  inspections: Record<string, { date?: string; certificate?: string }>;
  /** The latest reading of a meter the row names. */
  meter?: { number?: string; reading?: number; date?: string };
}

/** Which column each target came from, to name it in messages. */
export interface Mapping {
  targets: (ImportTarget | null)[];
  headers: string[];
  /** The header of the column mapped to each field, and to each inspection target. */
  columnOf: Partial<Record<ImportField, string>> & Record<string, string | undefined>;
}

export function mappingOf(targets: (ImportTarget | null)[], headers: string[]): Mapping {
  const columnOf: Mapping['columnOf'] = {};
  targets.forEach((target, i) => {
    if (target && !target.startsWith(CUSTOM_TARGET_PREFIX)) columnOf[target] = headers[i] ?? `Column ${i + 1}`;
  });
  return { targets, headers, columnOf };
}

/** A reading cell: a whole number of 0 or more (thousands separators allowed in text). */
function readingOf(cell: Cell, text: string): number | undefined {
  const value = typeof cell === 'number' ? cell : /^\d[\d,\s]*$/.test(text) ? Number(text.replace(/[,\s]/g, '')) : NaN;
  return Number.isInteger(value) && value >= 0 && value <= MAX_READING ? value : undefined;
}

/** A date cell as yyyy-mm-dd, or its problem. */
const dateOf = (cell: Cell, text: string) => parseImportDate(typeof cell === 'number' || cell instanceof Date ? cell : text);

/** A text cell: the export's formula guard taken off, a date cell as yyyy-mm-dd. */
const textOf = (cell: Cell) => withoutFormulaGuard(cellText(cell)).trim();

export function parseRow(row: SheetRow, mapping: Mapping, synonyms: ValueSynonyms): ParsedRow {
  const parsed: ParsedRow = { number: row.number, problems: [], values: {}, customValues: {}, inspections: {} };
  const levels: LocationSegment[] = [];
  mapping.targets.forEach((target, i) => {
    if (!target) return;
    const cell = row.cells[i] ?? null;
    const text = textOf(cell);
    if (text === '') return; // blank: leaves the value as it is
    const column = mapping.headers[i] ?? `Column ${i + 1}`;
    const problem = (message: string) => parsed.problems.push({ column, message });
    const clear = isClearMarker(text);

    if (target.startsWith(CUSTOM_TARGET_PREFIX)) {
      parsed.customValues[target.slice(CUSTOM_TARGET_PREFIX.length).trim()] = clear ? null : text;
      return;
    }
    const inspection = parseInspectionTarget(target);
    if (inspection) {
      if (clear) return problem('An inspection cannot be cleared: inspections are kept for good');
      const entry = (parsed.inspections[inspection.regimeKey] ??= {});
      if (inspection.part === 'certificate') entry.certificate = text;
      else {
        const result = dateOf(cell, text);
        if ('error' in result) problem(result.error);
        else entry.date = result.date;
      }
      return;
    }
    const field = target as ImportField;
    if (clear && NEVER_CLEARED.has(field)) {
      problem(`${IMPORT_FIELD_LABELS[field]} cannot be cleared`);
      return;
    }
    switch (field) {
      case 'meterNumber':
        parsed.meter = { ...parsed.meter, number: text };
        return;
      case 'meterReading': {
        const reading = readingOf(cell, text);
        if (reading === undefined) problem(`"${text}" is not a meter reading: a whole number of 0 or more`);
        else parsed.meter = { ...parsed.meter, reading };
        return;
      }
      case 'meterReadingDate': {
        const result = dateOf(cell, text);
        if ('error' in result) problem(result.error);
        else parsed.meter = { ...parsed.meter, date: result.date };
        return;
      }
      case 'assetId':
        parsed.assetId = text.toUpperCase();
        return;
      case 'clientAssetId':
        parsed.clientAssetId = text;
        return;
      case 'locationPath':
        parsed.location = splitLocationPath(text).map((name) => ({ name }));
        return;
      case 'region':
      case 'site':
      case 'building':
      case 'floor':
      case 'area':
        levels.push({ name: text.replace(/\s+/g, ' '), type: field });
        return;
      case 'customFields': {
        const value = clear ? {} : parseCustomFields(text);
        if (!value) problem('Custom fields must be "name: value; name: value" or a JSON object');
        else parsed.customFields = { value, text: clear ? '' : text };
        return;
      }
    }
    if (clear) {
      parsed.values[field] = null;
      return;
    }
    if (DATE_FIELDS.has(field)) {
      const result = dateOf(cell, text);
      if ('error' in result) problem(result.error);
      else parsed.values[field] = result.date;
      return;
    }
    const kind = enumKindOf(field);
    if (kind) {
      const value = enumValueOf(kind, text, synonyms);
      if (value === undefined) problem(`"${text}" is not one of ${enumChoices(kind)} (or add it as a synonym)`);
      else parsed.values[field] = value;
      return;
    }
    parsed.values[field] = text;
  });
  // Per-level columns, top to bottom, when no path column gave the location.
  if (!parsed.location && levels.length > 0) {
    parsed.location = levels.sort((a, b) => LOCATION_LEVEL_FIELDS.indexOf(a.type as never) - LOCATION_LEVEL_FIELDS.indexOf(b.type as never));
  }
  return parsed;
}
