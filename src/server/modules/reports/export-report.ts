import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppContext } from '../../app-context';
import { streamRows } from '../../db/cursor';
import type { ExportFormat, ReportType } from '../../../shared/domain/reports';
import { REPORTS } from './report-definitions';
import { writeCsv, writeXlsx, type ReportRow } from './spreadsheet';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** e.g. "asset_register-leeds-depot-2026-11-22.xlsx" */
export function exportFilename(reportType: ReportType, locationName: string | null, format: ExportFormat, now: Date): string {
  const scope = locationName
    ? locationName
        .normalize('NFKD')
        .replace(/[^\w\s-]/g, '')
        .trim()
        .toLowerCase()
        .replace(/[\s_]+/g, '-')
        .slice(0, 40) || 'location'
    : 'all';
  return `${reportType}-${scope}-${now.toISOString().slice(0, 10)}.${format}`;
}

/**
 * Writes the report to a temporary file (streamed from a database cursor into the streaming
 * spreadsheet writer, so memory stays flat), stores it, and removes the temporary file.
 */
export async function generateReport(
  ctx: AppContext,
  options: { reportType: ReportType; format: ExportFormat; locationId: string | null },
): Promise<{ objectKey: string; size: number; rowCount: number }> {
  const definition = REPORTS[options.reportType];
  const rows = (async function* () {
    for await (const batch of streamRows<ReportRow>(ctx.db, definition.query(options.locationId))) {
      yield definition.present ? batch.map(definition.present) : batch;
    }
  })();

  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'asset-register-export-'));
  const file = path.join(dir, `report.${options.format}`);
  try {
    const rowCount =
      options.format === 'xlsx'
        ? await writeXlsx(file, definition.sheetName, definition.columns, rows)
        : await writeCsv(file, definition.columns, rows);
    const objectKey = `exports/${crypto.randomUUID()}.${options.format}`;
    const { size } = await ctx.storage.putFile(objectKey, file, CONTENT_TYPES[options.format]);
    return { objectKey, size, rowCount };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
