import { describe, expect, it } from 'vitest';
import { conflictFieldLabel, conflictValue } from './conflict-display';

const assetUuid = '0b6f6a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const otherUuid = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe("a conflict's fields and values on the Outbox screen", () => {
  it('names fields in words, and those that point to a record by that record', () => {
    expect(conflictFieldLabel('targetDate')).toBe('Target date');
    expect(conflictFieldLabel('title')).toBe('Title');
    expect(conflictFieldLabel('assetId')).toBe('Asset');
    expect(conflictFieldLabel('assessmentId')).toBe('Assessment');
    expect(conflictFieldLabel('complianceFire')).toBe('Fire compliance');
  });

  it("shows coded values by their labels, for the kind of record edited", () => {
    expect(conflictValue('action-edit', 'status', 'in_progress', {})).toBe('In progress');
    expect(conflictValue('action-status', 'status', 'completed', {})).toBe('Completed');
    expect(conflictValue('action-edit', 'priority', 'high', {})).toBe('High');
    expect(conflictValue('asset-edit', 'status', 'under_repair', {})).toBe('Under repair');
    expect(conflictValue('asset-edit', 'complianceFire', 'no', {})).toBe('Non-compliant');
    // A title that happens to read like a code stays as typed.
    expect(conflictValue('action-edit', 'title', 'high', {})).toBe('high');
  });

  it('shows dates as dates, blanks as a dash, and JSON as JSON', () => {
    expect(conflictValue('action-edit', 'targetDate', '2026-12-08', {})).toBe('8 Dec 2026');
    expect(conflictValue('action-edit', 'assignee', null, {})).toBe('—');
    expect(conflictValue('action-edit', 'assignee', '', {})).toBe('—');
    expect(conflictValue('asset-edit', 'customFields', { floor: 2 }, {})).toBe('{"floor":2}');
  });

  it("names a linked record by the server's name for it, and another one as different", () => {
    const current = { assetId: assetUuid, assetCode: 'AST-0042' };
    expect(conflictValue('action-edit', 'assetId', assetUuid, current)).toBe('AST-0042');
    expect(conflictValue('action-edit', 'assetId', otherUuid, current)).toBe('A different asset');
    expect(conflictValue('action-edit', 'assessmentId', otherUuid, current)).toBe('A different assessment');
  });
});
