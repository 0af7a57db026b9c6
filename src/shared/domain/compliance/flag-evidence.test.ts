import { describe, expect, it } from 'vitest';
import { flagEvidence, flagWarning } from './flag-evidence';
import type { ObligationStatus } from './obligation-status';
import type { RegimeCategory } from './regimes';

const duty = (category: RegimeCategory, status: ObligationStatus) => ({ regime: { category }, status });

describe('flag evidence', () => {
  it('takes the worst in-force status per flag category, ignoring suspended and N/A duties', () => {
    const evidence = flagEvidence([
      duty('fire', 'compliant'),
      duty('fire', 'overdue'),
      duty('electrical', 'due_soon'),
      duty('lifting', 'suspended'),
      duty('water', 'not_applicable'),
      duty('water', 'unknown'),
      duty('gas', 'failed'),
    ]);
    expect(evidence).toEqual({ complianceFire: 'overdue', complianceElectrical: 'due_soon', complianceLoler: null, complianceHygiene: 'unknown' });
  });

  it('has no evidence for an asset without duties', () => {
    expect(flagEvidence([])).toEqual({ complianceFire: null, complianceElectrical: null, complianceLoler: null, complianceHygiene: null });
  });

  it('warns when a yes is not backed: never inspected, overdue or failed', () => {
    expect(flagWarning('yes', 'unknown')).toBe('Marked compliant, but no inspection has been recorded (Unknown)');
    expect(flagWarning('yes', 'overdue')).toBe('Marked compliant, but an inspection is overdue (Overdue)');
    expect(flagWarning('yes', 'failed')).toBe('Marked compliant, but the last inspection failed (Failed)');
  });

  it('does not warn when the evidence backs the flag, the flag claims nothing, or nothing is in force', () => {
    expect(flagWarning('yes', 'compliant')).toBeNull();
    expect(flagWarning('yes', 'due_soon')).toBeNull();
    expect(flagWarning('yes', null)).toBeNull();
    expect(flagWarning('no', 'overdue')).toBeNull();
    expect(flagWarning('na', 'unknown')).toBeNull();
  });
});
