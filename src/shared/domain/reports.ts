/** Report export (spec §2 Reports, §7). Report types live in this registry, in display order. */
export const REPORT_TYPES = ['asset_register', 'actions_list', 'condition_summary', 'compliance_schedule', 'meter_logs'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_TYPE_INFO: Record<ReportType, { label: string; description: string }> = {
  asset_register: { label: 'Asset Register', description: 'Every asset with its location, condition, compliance and details' },
  actions_list: { label: 'Actions List', description: 'Open and closed actions with their asset' },
  condition_summary: { label: 'Condition Summary', description: 'Assets per condition for each site and building' },
  compliance_schedule: { label: 'Compliance Schedule', description: 'Fire, electrical, LOLER and hygiene status of each asset, non-compliant first' },
  meter_logs: { label: 'Meter Logs', description: 'Meter readings with the consumption between them' },
};

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { xlsx: 'Excel', csv: 'CSV' };

/** How many of the user's exports the Reports page lists, and how long a download link works. */
export const RECENT_EXPORTS = 10;
export const DOWNLOAD_LINK_TTL_MS = 15 * 60_000;
