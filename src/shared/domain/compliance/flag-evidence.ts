/**
 * The spec's four compliance flags beside what the inspections prove (issue 23). A flag is a person's
 * assertion (yes / no / n/a, set on the asset form and returned as set); the evidence is the worst
 * status of the asset's obligations in force in the flag's category. Where a flag says "yes" and the
 * evidence does not back it (never inspected, overdue, or failed), the asset shows a warning: an
 * auditor must never read a green flag that nothing supports.
 */
import type { ComplianceValue } from '../assets';
import { IN_FORCE_STATUSES, OBLIGATION_STATUS_LABELS, worstStatus, type ObligationStatus } from './obligation-status';
import type { RegimeCategory } from './regimes';

export type ComplianceFlagKey = 'complianceFire' | 'complianceElectrical' | 'complianceLoler' | 'complianceHygiene';

/** The regime category each flag speaks for (hygiene is water hygiene: legionella). */
export const FLAG_CATEGORIES: Record<ComplianceFlagKey, RegimeCategory> = {
  complianceFire: 'fire',
  complianceElectrical: 'electrical',
  complianceLoler: 'lifting',
  complianceHygiene: 'water',
};

/** The worst in-force status per flag, or null where no duty of that category is in force. */
export type FlagEvidence = Record<ComplianceFlagKey, ObligationStatus | null>;

/** Evidence from an asset's obligations (each with its regime's category and its current status). */
export function flagEvidence(obligations: readonly { regime: { category: RegimeCategory }; status: ObligationStatus }[]): FlagEvidence {
  const of = (category: RegimeCategory) =>
    worstStatus(obligations.filter((o) => o.regime.category === category && IN_FORCE_STATUSES.includes(o.status)).map((o) => o.status));
  return {
    complianceFire: of('fire'),
    complianceElectrical: of('electrical'),
    complianceLoler: of('lifting'),
    complianceHygiene: of('water'),
  };
}

const UNSUPPORTED: Partial<Record<ObligationStatus, string>> = {
  unknown: 'no inspection has been recorded',
  overdue: 'an inspection is overdue',
  failed: 'the last inspection failed',
};

/**
 * Why a "yes" flag is not backed by its inspections, or null when it is, when the flag claims nothing,
 * or when no duty of its category is in force (nothing to contradict it).
 */
export function flagWarning(flag: ComplianceValue, evidence: ObligationStatus | null): string | null {
  if (flag !== 'yes' || evidence === null) return null;
  const why = UNSUPPORTED[evidence];
  return why ? `Marked compliant, but ${why} (${OBLIGATION_STATUS_LABELS[evidence]})` : null;
}
