import type { Db } from '../../db/client';
import { streamRows } from '../../db/cursor';
import type { ExportFormat, ReportType } from '../../../shared/domain/reports';
import { REPORTS } from './report-definitions';
import { writeCsv, writeXlsx, type ReportRow } from './spreadsheet';

export interface ReportJob {
  reportType: ReportType;
  format: ExportFormat;
  locationId: string | null;
  /** Where to write the spreadsheet. */
  file: string;
}

/**
 * Writes one report to `job.file`, streamed from a database cursor into the streaming spreadsheet
 * writer so memory stays flat. Answers the number of data rows. Runs in an export worker.
 */
export async function writeReportFile(db: Db, job: ReportJob): Promise<number> {
  const definition = REPORTS[job.reportType];
  const rows = (async function* () {
    for await (const batch of streamRows<ReportRow>(db, definition.query(job.locationId))) {
      yield definition.present ? batch.map(definition.present) : batch;
    }
  })();
  return job.format === 'xlsx'
    ? writeXlsx(job.file, definition.sheetName, definition.columns, rows)
    : writeCsv(job.file, definition.columns, rows);
}
