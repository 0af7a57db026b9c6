import fs from 'node:fs';

export interface ExportResult {
  format: 'xlsx' | 'csv';
  status: number;
  seconds: number;
  rows: number | null;
  megabytes: number | null;
  /** The server's resident memory just before, and its peak while the export ran. */
  rssBeforeMb: number;
  peakRssMb: number;
  /** 'VmHWM' when the kernel's high-water mark could be reset before the run, else polled 'VmRSS'. */
  rssMethod: 'VmHWM' | 'VmRSS';
}

/** VmRSS / VmHWM of a process in MB (Linux /proc), or NaN elsewhere. */
export function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Writing 5 to clear_refs resets the peak (VmHWM) to the current RSS (Linux ≥ 4.0, same user). */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * POST /api/reports/export for the whole asset register; the wall time covers generating the file
 * and storing it (the response only comes once both are done). Memory is polled every 20 ms too,
 * in case the peak cannot be reset.
 */
export async function timeExport(baseUrl: string, cookie: string, format: 'xlsx' | 'csv', serverPid: number): Promise<ExportResult> {
  const peakReset = resetPeak(serverPid);
  const before = memoryOf(serverPid, 'VmRSS');
  let polled = before;
  const poll = setInterval(() => {
    polled = Math.max(polled, memoryOf(serverPid, 'VmRSS'));
  }, 20);
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/reports/export`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ reportType: 'asset_register', format }),
    });
    const body = (await response.json()) as { rowCount?: number; size?: number };
    const seconds = (performance.now() - started) / 1000;
    const peak = peakReset ? Math.max(polled, memoryOf(serverPid, 'VmHWM')) : polled;
    return {
      format,
      status: response.status,
      seconds: Math.round(seconds * 100) / 100,
      rows: body.rowCount ?? null,
      megabytes: body.size === undefined ? null : Math.round((body.size / 1024 / 1024) * 10) / 10,
      rssBeforeMb: Math.round(before),
      peakRssMb: Math.round(peak),
      rssMethod: peakReset ? 'VmHWM' : 'VmRSS',
    };
  } finally {
    clearInterval(poll);
  }
}
