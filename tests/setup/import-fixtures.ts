import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ImportJob } from '../../src/shared/contract/imports';

/** Spreadsheet import fixtures (ADR 029): a workbook built here, uploaded, and a job waited for. */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function workbookOf(rows: (string | number | Date | null)[][], sheetName = 'Assets'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export function uploadImport(app: FastifyInstance, cookie: string, body: Buffer, name = 'register.xlsx'): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `/api/imports?name=${encodeURIComponent(name)}`, headers: { cookie, 'content-type': XLSX_TYPE }, payload: body });
}

/** The job once its dry run or commit has finished. */
export async function settledImport(app: FastifyInstance, cookie: string, id: string): Promise<LightMyRequestResponse> {
  for (let i = 0; i < 600; i++) {
    const res = await app.inject({ method: 'GET', url: `/api/imports/${id}`, headers: { cookie } });
    const status = res.json<ImportJob>().status;
    if (res.statusCode !== 200 || (status !== 'dry_running' && status !== 'committing')) return res;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} did not finish`);
}

/** Uploads `rows` and, unless `dryRun` is false, runs the dry run with the suggested mapping. */
export async function importJob(app: FastifyInstance, cookie: string, rows: (string | number | Date | null)[][], dryRun = true): Promise<ImportJob> {
  const res = await uploadImport(app, cookie, await workbookOf(rows));
  if (res.statusCode !== 201) throw new Error(`upload refused: ${res.statusCode} ${res.body}`);
  const job = res.json<ImportJob>();
  if (!dryRun) return job;
  const started = await app.inject({
    method: 'POST',
    url: `/api/imports/${job.id}/dry-run`,
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ sheet: job.sheets[0]!.name, mapping: job.sheets[0]!.suggestedMapping }),
  });
  if (started.statusCode !== 202) throw new Error(`dry run refused: ${started.statusCode} ${started.body}`);
  const done = (await settledImport(app, cookie, job.id)).json<ImportJob>();
  if (done.status !== 'ready') throw new Error(`dry run failed: ${JSON.stringify(done)}`);
  return done;
}
