/**
 * The rows of the name/value editor and the JSON object they stand for (asset customFields, location
 * metadata: any JSON object, spec §3). Text values are edited; any other value (a number, true/false,
 * null, an object or a list, e.g. set by another client through the API) is shown read-only and saved
 * back exactly as it came, so editing a record on screen never turns 12 into "12" or drops an object.
 */
export interface KeyValueRow {
  name: string;
  /** The text being edited, or for a kept value its JSON text (shown, not edited). */
  value: string;
  /** A value that is not text, kept as it was loaded. */
  kept?: { value: unknown };
  /** The name as loaded: an untouched name is saved exactly, even with spaces around it. */
  storedName?: string;
}

/** What the editor says a kept value is. */
export function jsonTypeLabel(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'boolean') return 'true/false';
  return typeof value;
}

/** The value as one line of JSON text (text values as they are). */
export function displayJsonValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Rows → the JSON object the API stores; rows without a name are dropped, typed names are trimmed. */
export function rowsToRecord(rows: KeyValueRow[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const row of rows) {
    if (!row.name.trim()) continue;
    const name = row.name === row.storedName ? row.name : row.name.trim();
    // defineProperty, not assignment: a field called "__proto__" is data, not the prototype.
    Object.defineProperty(record, name, { value: row.kept ? row.kept.value : row.value, enumerable: true, writable: true, configurable: true });
  }
  return record;
}

export function recordToRows(record: Record<string, unknown> | null | undefined): KeyValueRow[] {
  return Object.entries(record ?? {}).map(([name, value]) =>
    typeof value === 'string' ? { name, value, storedName: name } : { name, value: displayJsonValue(value), kept: { value }, storedName: name },
  );
}
