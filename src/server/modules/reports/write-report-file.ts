import type { Db } from '../../db/client';
import { streamRows } from '../../db/cursor';
import type { ExportFormat } from '../../../shared/domain/reports';
import type { ReportSpec } from './report-definition';
import { writeCsv, writeXlsx, type ReportRow } from './spreadsheet';

export interface ReportJob {
  report: ReportSpec;
  format: ExportFormat;
  /** Where to write the spreadsheet. */
  file: string;
}

/** Stored enum values as their labels, in the columns the report names. */
function labelled(labels: NonNullable<ReportSpec['labels']>): (row: ReportRow) => ReportRow {
  const columns = Object.entries(labels);
  return (row) => {
    const shown = { ...row };
    for (const [key, names] of columns) {
      const value = row[key];
      shown[key] = value ? (names[String(value)] ?? String(value)) : null;
    }
    return shown;
  };
}

/**
 * Writes one report to `job.file`, streamed from a database cursor into the streaming spreadsheet
 * writer so memory stays flat. Answers the number of data rows. Runs in an export worker.
 */
export async function writeReportFile(db: Db, job: ReportJob): Promise<number> {
  const { report } = job;
  const present = report.labels ? labelled(report.labels) : undefined;
  const rows = (async function* () {
    for await (const batch of streamRows<ReportRow>(db, report.query)) {
      yield present ? batch.map(present) : batch;
    }
  })();
  return job.format === 'xlsx'
    ? writeXlsx(job.file, report.sheetName, report.columns, rows)
    : writeCsv(job.file, report.columns, rows);
}
