import { REPORT_TYPES, type ReportType } from '../../../shared/domain/reports';
import { RESOURCES } from '../../resources';
import type { ReportDefinition } from './report-definition';

/** Every report type (the contract's REPORT_TYPES) with the definition its resource declares. */
export const REPORTS = Object.fromEntries(
  REPORT_TYPES.map((type) => {
    const declaring = RESOURCES.filter((resource) => resource.reports?.[type]);
    if (declaring.length !== 1) {
      throw new Error(`Report ${type} must be declared by exactly one resource; found ${declaring.map((r) => r.name).join(', ') || 'none'}`);
    }
    return [type, declaring[0]!.reports![type]!];
  }),
) as Record<ReportType, ReportDefinition>;
