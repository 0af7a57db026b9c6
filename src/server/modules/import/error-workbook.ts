import fs from 'node:fs';
import type { ImportRowError } from '../../../shared/contract/imports';
import type { ImportFormat } from '../../../shared/domain/imports';
import { neutralise } from '../reports/spreadsheet';
import { dataRows, readSheet, type Cell } from './sheet-reader';

/**
 * The error workbook (ADR 029): the sheet's rows as read, each with an `errors` column saying what is
 * wrong with it, column by column. Every row is kept (a blank `errors` where it is fine), so the
 * fixed file can be uploaded as it is. Text goes through the exports' formula guard.
 */
export const ERRORS_COLUMN = 'errors';

export function readRowErrors(file: string | undefined): Map<number, string> {
  const byRow = new Map<number, string[]>();
  let errors: ImportRowError[] = [];
  try {
    if (file) errors = JSON.parse(fs.readFileSync(file, 'utf8')) as ImportRowError[];
  } catch {
    // No dry run yet, or its file has been swept: every row reads as fine.
  }
  for (const error of errors) {
    const messages = byRow.get(error.row) ?? [];
    messages.push(error.column ? `${error.column}: ${error.message}` : error.message);
    byRow.set(error.row, messages);
  }
  return new Map([...byRow].map(([row, messages]) => [row, messages.join('; ')]));
}

const cellOut = (cell: Cell): string | number | Date | null => (typeof cell === 'string' ? neutralise(cell) : cell);

export async function writeErrorWorkbook(target: string, source: { file: string; format: ImportFormat; sheet: string }, errors: Map<number, string>): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: target, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(source.sheet.slice(0, 31) || 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  let width = 0;
  for await (const row of dataRows(source.sheet, readSheet(source.file, source.format, source.sheet), (headers) => {
    width = headers.length;
    const header = sheet.addRow([...headers.map(neutralise), ERRORS_COLUMN]);
    header.font = { bold: true };
    header.commit();
  })) {
    const cells = Array.from({ length: width }, (_, i) => cellOut(row.cells[i] ?? null));
    const added = sheet.addRow([...cells, errors.get(row.number) ?? null]);
    added.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'yyyy-mm-dd';
    });
    added.commit();
  }
  sheet.commit();
  await workbook.commit();
}
