import fs from 'node:fs';
import { once } from 'node:events';
import { stringify } from 'csv-stringify';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';

/** A column of a report: its header, width (characters) and how its values are typed. */
export interface ReportColumn {
  header: string;
  key: string;
  width: number;
  type?: 'text' | 'number' | 'date' | 'datetime';
}

export type ReportRow = Record<string, string | number | Date | null | undefined>;

/**
 * Spreadsheet formula injection (OWASP CSV Injection, CWE-1236): a text cell starting with one of
 * these is prefixed with an apostrophe, so Excel and LibreOffice show it as text, never run it.
 */
const FORMULA_TRIGGERS = /^[=+\-@\t\r\n]/;
/**
 * Control characters XML 1.0 cannot hold. The xlsx writer drops them silently, so "\u0001=1+1" would
 * reach the sheet as "=1+1" after the check; they are removed first, from both formats alike.
 */
// eslint-disable-next-line no-control-regex
const UNWRITABLE_CONTROLS = /[\x00-\x08\x0B\x0C\x0E-\x1F]/g;
export function neutralise(value: string): string {
  const text = value.replace(UNWRITABLE_CONTROLS, '');
  return FORMULA_TRIGGERS.test(text) ? `'${text}` : text;
}

function cellValue(column: ReportColumn, value: ReportRow[string]): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  switch (column.type) {
    case 'number':
      return typeof value === 'number' ? value : Number(value);
    case 'date':
    case 'datetime': {
      const date = value instanceof Date ? value : new Date(/^\d{4}-\d{2}-\d{2}$/.test(String(value)) ? `${value}T00:00:00Z` : String(value));
      return Number.isNaN(date.getTime()) ? neutralise(String(value)) : date;
    }
    default:
      return neutralise(String(value));
  }
}

/**
 * Writes an .xlsx with the streaming writer (flat memory): bold frozen header, auto-filter, column
 * widths, numbers as numbers and dates as real dates. Every text cell is a string, never a formula.
 */
export async function writeXlsx(file: string, sheetName: string, columns: ReportColumn[], batches: AsyncIterable<ReportRow[]>): Promise<number> {
  // Loaded here, not at the top: an export worker that writes csv starts sooner without it.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    style: c.type === 'date' ? { numFmt: 'yyyy-mm-dd' } : c.type === 'datetime' ? { numFmt: 'yyyy-mm-dd hh:mm' } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  header.commit();

  let count = 0;
  for await (const batch of batches) {
    for (const row of batch) {
      sheet.addRow(columns.map((c) => cellValue(c, row[c.key]))).commit();
      count++;
    }
  }
  sheet.commit();
  await workbook.commit();
  return count;
}

/** Writes an RFC 4180 CSV (every field quoted), UTF-8 with a BOM so Excel reads accents right. */
export async function writeCsv(file: string, columns: ReportColumn[], batches: AsyncIterable<ReportRow[]>): Promise<number> {
  let count = 0;
  const text = (c: ReportColumn, v: ReportRow[string]): string => {
    const value = cellValue(c, v);
    if (value === null) return '';
    if (value instanceof Date) return c.type === 'date' ? value.toISOString().slice(0, 10) : value.toISOString();
    return String(value);
  };
  async function* records() {
    yield columns.map((c) => c.header);
    for await (const batch of batches) {
      for (const row of batch) {
        count++;
        yield columns.map((c) => text(c, row[c.key]));
      }
    }
  }
  const out = fs.createWriteStream(file);
  out.write('\uFEFF');
  await pipeline(Readable.from(records()), stringify({ quoted: true, record_delimiter: 'windows' }), out);
  if (!out.writableFinished) await once(out, 'finish');
  return count;
}
