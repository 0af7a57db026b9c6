/** Report export (spec §2 Reports, §7). Report types live in this registry, in display order. */
export const REPORT_TYPES = ['asset_register', 'actions_list', 'condition_summary', 'compliance_schedule', 'meter_logs'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_TYPE_INFO: Record<ReportType, { label: string; description: string }> = {
  asset_register: { label: 'Asset Register', description: 'Every asset with its location, condition, compliance and details' },
  actions_list: { label: 'Actions List', description: 'Open and closed actions with their asset' },
  condition_summary: { label: 'Condition Summary', description: 'Assets per condition for each site and building' },
  compliance_schedule: { label: 'Compliance Schedule', description: 'Every inspection duty with its status, last certificate and due dates for the next 12 months, most urgent first' },
  meter_logs: { label: 'Meter Logs', description: 'Meter readings with the consumption between them' },
};

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { xlsx: 'Excel', csv: 'CSV' };

/** How many of the user's exports the Reports page lists, and how long a download link works. */
export const RECENT_EXPORTS = 10;
export const DOWNLOAD_LINK_TTL_MS = 15 * 60_000;

/**
 * Export limits (issue 19): one user cannot hold the export workers or fill the disk. Each export is
 * a worker thread and a database connection, so a process generates MAX_CONCURRENT_EXPORTS at once
 * and lets EXPORT_QUEUE_LIMIT (config) wait; each user has one export in progress at a time and
 * EXPORTS_PER_USER_PER_HOUR (config) per rolling hour; files are deleted after EXPORT_RETENTION_DAYS.
 */
export const MAX_CONCURRENT_EXPORTS = 2;
export const EXPORT_RATE_WINDOW_MS = 60 * 60_000;

export const EXPORT_IN_PROGRESS_MESSAGE = 'An export of yours is still being prepared. Try again when it has finished.';
/** A typical export takes a few seconds; a client that retries sooner only meets the same answer. */
export const EXPORT_IN_PROGRESS_RETRY_AFTER_SECONDS = 10;

export const EXPORT_QUEUE_FULL_MESSAGE = 'The export queue is full. Try again in a minute.';
export const EXPORT_QUEUE_FULL_RETRY_AFTER_SECONDS = 60;

/** The answer to an export past the hourly limit; `retryAfterSeconds` is when the oldest one leaves the hour. */
export function exportRateLimitMessage(limit: number, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You have started ${limit} exports in the last hour, the most allowed. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * The longest one export may generate before its worker is stopped, so a runaway export cannot hold
 * one of the few slots indefinitely (100,000 assets take seconds).
 */
export const EXPORT_TIME_LIMIT_MS = 5 * 60_000;
export const EXPORT_TOO_LONG_MESSAGE = 'The export took too long and was stopped. Try a smaller scope (one site) or try again later.';
