/** Defect severities: the spec requires one but does not list them (docs/decisions/004). */
export const DEFECT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type DefectSeverity = (typeof DEFECT_SEVERITIES)[number];
export const DEFECT_SEVERITY_LABELS: Record<DefectSeverity, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};
export const DEFAULT_DEFECT_SEVERITY: DefectSeverity = 'medium';
/** At most this many defects in one assessment. */
export const MAX_DEFECTS = 50;
