import fs from 'node:fs';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_SAMPLE_ROWS,
  MALFORMED_WORKBOOK_MESSAGE,
  NOT_A_SPREADSHEET_MESSAGE,
  suggestMapping,
  tooManyRowsMessage,
  type ImportFormat,
} from '../../../shared/domain/imports';
import { badRequest, HttpError } from '../../http-errors';

/**
 * Reading an uploaded spreadsheet one row at a time (ADR 029): xlsx with exceljs' streaming reader
 * (never the whole workbook in memory), CSV with csv-parse over a decoding stream. Cells come as
 * shown: text as written (leading zeros kept), numbers, or dates for date cells.
 */

export type Cell = string | number | Date | null;
export interface SheetRow {
  /** The row's number in the sheet (the header row is usually 1). */
  number: number;
  cells: Cell[];
}
export interface SheetSummary {
  name: string;
  headers: string[];
  rows: number;
  sample: string[][];
  suggestedMapping: (string | null)[];
}

/** The one sheet of a CSV file, as the job names it. */
export const CSV_SHEET = 'CSV';

const OLD_EXCEL_MESSAGE = 'Old Excel .xls files cannot be read: open it in Excel, save it as .xlsx (Excel Workbook) and upload that.';
const SNIFF_BYTES = 64 * 1024;

/** Which format the file's bytes are, whatever its name says; refuses anything else (400). */
export function sniffFormat(file: string): { format: ImportFormat; encoding?: CsvEncoding } {
  const fd = fs.openSync(file, 'r');
  const head = Buffer.alloc(SNIFF_BYTES);
  let length: number;
  try {
    length = fs.readSync(fd, head, 0, SNIFF_BYTES, 0);
  } finally {
    fs.closeSync(fd);
  }
  const bytes = head.subarray(0, length);
  if (length === 0) throw badRequest('The file is empty.');
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return { format: 'xlsx' };
  if (bytes.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) throw badRequest(OLD_EXCEL_MESSAGE);
  const encoding = textEncoding(bytes);
  if (!encoding) throw badRequest(NOT_A_SPREADSHEET_MESSAGE);
  return { format: 'csv', encoding };
}

export type CsvEncoding = { name: 'utf-8' | 'windows-1252'; bom: boolean; delimiter: string };

/**
 * UTF-8 (with or without a BOM) when the bytes decode as such, else Windows-1252 (what Excel on
 * Windows saves "CSV" as); undefined for bytes no text file has (NUL and most control characters).
 */
function textEncoding(bytes: Buffer): CsvEncoding | undefined {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  let text: string;
  let name: CsvEncoding['name'] = 'utf-8';
  try {
    // stream: a character cut by the sample's end is not an error.
    text = new TextDecoder('utf-8', { fatal: true }).decode(body, { stream: true });
  } catch {
    name = 'windows-1252';
    text = new TextDecoder('windows-1252').decode(body);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/.test(text)) return undefined;
  return { name, bom, delimiter: detectDelimiter(text) };
}

/** The delimiter of the first line: whichever of , ; tab | it holds most of outside quotes (a comma if none). */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([[',', 0], [';', 0], ['\t', 0], ['|', 0]]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

/** Decodes a byte stream into text (Windows-1252 is one byte a character, so chunks split anywhere). */
function decoder(encoding: CsvEncoding): Transform {
  const text = new TextDecoder(encoding.name, { ignoreBOM: false });
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _enc, done) {
      done(null, text.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, text.decode());
    },
  });
}

/** The rows of a sheet (every sheet of a workbook, in order; the one of a CSV), with each sheet's name. */
export async function* readSheets(file: string, format: ImportFormat, encoding?: CsvEncoding): AsyncGenerator<{ sheet: string; rows: AsyncGenerator<SheetRow> }> {
  if (format === 'csv') {
    yield { sheet: CSV_SHEET, rows: readCsv(file, encoding ?? sniffFormat(file).encoding!) };
    return;
  }
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  namesFromWorkbookPart(reader);
  for await (const worksheet of reader) {
    // Every sheet is read after the workbook part (namesFromWorkbookPart()): a sheet without it lost
    // parts in the zip's stream (the race in inspectSpreadsheet()), and would be read with the wrong
    // name; failing lets the caller read the file again.
    if (!(reader as { model?: unknown }).model) throw new IncompleteRead('the workbook part was not read');
    const name = (worksheet as unknown as { name: string }).name;
    yield { sheet: name, rows: xlsxRows(worksheet as unknown as AsyncIterable<ExcelRow>) };
  }
}

/**
 * exceljs's streaming reader reads a worksheet at once when the zip has already given it the shared
 * strings and the workbook's relationships, and takes the sheet's name from the workbook part, which
 * writers put anywhere in the zip (exceljs's own puts it last): a sheet after the shared strings
 * but before the workbook part failed with "Cannot read properties of undefined (reading
 * 'sheets')". Holding the relationships back until the workbook part is read sends such a sheet
 * to the reader's temporary file instead, read once every part is known, as it does for a sheet
 * that comes before the shared strings.
 */
function namesFromWorkbookPart(reader: object): void {
  let relationships: unknown;
  Object.defineProperty(reader, 'workbookRels', {
    get(this: { model?: unknown }) {
      return this.model ? relationships : undefined;
    },
    set(value: unknown) {
      relationships = value;
    },
  });
}

/** A workbook read in part: its parts are sound, but the streaming reader did not get them all. */
export class IncompleteRead extends Error {
  override name = 'IncompleteRead';
}

/**
 * Runs `read` (a whole pass over a workbook: a dry run, a commit's transaction, an error workbook)
 * a second time when the streaming reader lost parts of a sound file on the first (IncompleteRead,
 * the race inspectSpreadsheet() also reads past); a damaged file fails again. The first pass must
 * have kept nothing: a commit's transaction has rolled back by then.
 */
export async function readingAgainIfIncomplete<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (!(err instanceof IncompleteRead)) throw err;
    return read();
  }
}

/** The rows of one sheet. */
export async function* readSheet(file: string, format: ImportFormat, sheet: string): AsyncGenerator<SheetRow> {
  for await (const { sheet: name, rows } of readSheets(file, format)) {
    if (name === sheet) {
      yield* rows;
      return;
    }
    for await (const row of rows) void row; // a streaming reader must read past a sheet it skips
  }
}

async function* readCsv(file: string, encoding: CsvEncoding): AsyncGenerator<SheetRow> {
  const parser = fs
    .createReadStream(file)
    .pipe(decoder(encoding))
    .pipe(parse({ delimiter: encoding.delimiter, relax_column_count: true, bom: true, skip_empty_lines: false }));
  let number = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    number++;
    yield { number, cells: record.map((value) => (value === '' ? null : value)) };
  }
}

interface ExcelCell {
  value: unknown;
  numFmt?: string;
}
interface ExcelRow {
  number: number;
  cellCount: number;
  getCell(column: number): ExcelCell;
}

async function* xlsxRows(worksheet: AsyncIterable<ExcelRow>): AsyncGenerator<SheetRow> {
  for await (const row of worksheet) {
    const cells: Cell[] = [];
    for (let column = 1; column <= row.cellCount; column++) cells.push(cellAsShown(row.getCell(column)));
    yield { number: row.number, cells };
  }
}

/**
 * A cell as the user sees it: text as written; a number with a zero-padding format ("0000") padded,
 * as it shows; a date cell as a date; a formula as its result; rich text as its plain text.
 */
export function cellAsShown(cell: ExcelCell): Cell {
  return valueAsShown(cell.value, cell.numFmt);
}

function valueAsShown(value: unknown, numFmt: string | undefined): Cell {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (numFmt && /^0+$/.test(numFmt) && Number.isInteger(value) && value >= 0) return String(value).padStart(numFmt.length, '0');
    return value;
  }
  if (value instanceof Date) return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; formula?: string; error?: string };
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join('') || null;
    if ('formula' in v || 'sharedFormula' in v) return valueAsShown(v.result, numFmt);
    if (typeof v.text === 'string') return v.text;
    if (typeof v.error === 'string') return v.error;
    // The reader gives a shared string's number when the shared strings were not read (lost in the
    // zip's stream): never take it for the cell's text.
    if ('sharedString' in v) throw new IncompleteRead('the shared strings were not read');
  }
  return String(value);
}

/** A cell as text, for headers, samples and text fields. */
export function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell);
}

const isBlankRow = (row: SheetRow) => row.cells.every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === ''));

/**
 * A sheet's header row (its first non-blank row) and data rows after it, blank rows skipped.
 * Refuses more than IMPORT_MAX_ROWS data rows or IMPORT_MAX_COLUMNS columns.
 */
export async function* dataRows(sheet: string, rows: AsyncIterable<SheetRow>, onHeader: (headers: string[]) => void): AsyncGenerator<SheetRow> {
  let header = true;
  let count = 0;
  for await (const row of rows) {
    if (isBlankRow(row)) continue;
    if (header) {
      header = false;
      let headers = row.cells.map((cell) => cellText(cell).trim());
      while (headers.length > 0 && headers.at(-1) === '') headers = headers.slice(0, -1);
      if (headers.length > IMPORT_MAX_COLUMNS) throw badRequest(`Sheet "${sheet}" has ${headers.length} columns; at most ${IMPORT_MAX_COLUMNS} can be imported.`);
      onHeader(headers.map((text, i) => text || `Column ${i + 1}`));
      continue;
    }
    count++;
    if (count > IMPORT_MAX_ROWS) throw badRequest(tooManyRowsMessage(sheet, count));
    yield row;
  }
}

/** Each sheet's headers, data rows and first rows, read once; an empty list when no sheet came. */
async function summariseSheets(file: string, format: ImportFormat, encoding?: CsvEncoding): Promise<SheetSummary[]> {
  const sheets: SheetSummary[] = [];
  for await (const { sheet, rows } of readSheets(file, format, encoding)) {
    const summary: SheetSummary = { name: sheet, headers: [], rows: 0, sample: [], suggestedMapping: [] };
    for await (const row of dataRows(sheet, rows, (headers) => (summary.headers = headers))) {
      summary.rows++;
      if (summary.sample.length < IMPORT_SAMPLE_ROWS) summary.sample.push(summary.headers.map((_, i) => cellText(row.cells[i] ?? null)));
    }
    summary.suggestedMapping = suggestMapping(summary.headers);
    sheets.push(summary);
  }
  return sheets;
}

/**
 * Reads the whole file once: each sheet's headers, data rows and first rows. Refuses a file that
 * cannot be read as its format says (400, never a 500).
 *
 * A workbook that fails is read a second time before it is called damaged: the streaming reader has
 * been seen to fail about once in two hundred reads of a sound workbook on a loaded machine (a race
 * not yet found; ADR 029), and a damaged file fails both times. `onRetry` is told the first failure.
 */
export async function inspectSpreadsheet(file: string, format: ImportFormat, encoding?: CsvEncoding, onRetry?: (cause: unknown) => void): Promise<SheetSummary[]> {
  const attempts = format === 'xlsx' ? 2 : 1;
  for (let attempt = 1; ; attempt++) {
    let failure: unknown;
    try {
      const sheets = await summariseSheets(file, format, encoding);
      if (format === 'csv' || sheets.length > 0) return sheets;
      failure = new Error('no worksheet was read');
    } catch (err) {
      if (err instanceof HttpError) throw err;
      failure = err;
    }
    if (attempt >= attempts) throw badRequest(format === 'xlsx' ? MALFORMED_WORKBOOK_MESSAGE : `This CSV file could not be read: ${(failure as Error).message}`);
    onRetry?.(failure);
  }
}
