import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@shared/contract/history';
import { actorName, changeLines, describeEntry, fieldLabel, formatValue } from './describe-entry';

const entry = (overrides: Partial<HistoryEntry>): HistoryEntry => ({
  id: '1',
  at: '2026-11-22T10:00:00.000Z',
  actor: { id: 'u1', fullName: 'Alice Auditor' },
  entity: 'asset',
  entityId: 'e1',
  operation: 'update',
  subject: null,
  changes: [],
  importId: null,
  ...overrides,
});

describe('describeEntry', () => {
  it('says when a spreadsheet import made the change', () => {
    expect(describeEntry(entry({ operation: 'create', importId: 'i1' }))).toBe('Imported asset');
    expect(describeEntry(entry({ operation: 'update', importId: 'i1' }))).toBe('Updated asset by import');
    expect(describeEntry(entry({ operation: 'update' }))).toBe('Updated asset');
  });

  it('names what happened, with the record code or quoted name', () => {
    expect(describeEntry(entry({ operation: 'create', subject: 'AST-000001' }))).toBe('Created asset');
    expect(describeEntry(entry({ entity: 'assessment', operation: 'create', subject: 'ASM-000012' }))).toBe('Recorded assessment ASM-000012');
    expect(describeEntry(entry({ entity: 'action', operation: 'create', subject: 'ACT-000003' }))).toBe('Added action ACT-000003');
    expect(describeEntry(entry({ entity: 'action', operation: 'update', subject: null }))).toBe('Updated action');
    expect(describeEntry(entry({ entity: 'defect', operation: 'create', subject: 'Cable loose' }))).toBe('Added defect “Cable loose”');
  });

  it('says photo or video for media, from the record’s type', () => {
    const photo = entry({ entity: 'media', operation: 'delete', subject: 'roof.jpg', changes: [{ field: 'type', before: 'photo', after: null }] });
    expect(describeEntry(photo)).toBe('Deleted photo “roof.jpg”');
    const video = entry({ entity: 'media', operation: 'create', subject: 'walk.mp4', changes: [{ field: 'type', before: null, after: 'video' }] });
    expect(describeEntry(video)).toBe('Added video “walk.mp4”');
    expect(describeEntry(entry({ entity: 'media', operation: 'create', subject: 'x.bin' }))).toBe('Added file “x.bin”');
    const certificate = entry({ entity: 'media', operation: 'create', subject: 'eicr.pdf', changes: [{ field: 'type', before: null, after: 'document' }] });
    expect(describeEntry(certificate)).toBe('Added document “eicr.pdf”');
  });

  it('words compliance records and their fields as the Compliance tab does', () => {
    const inspection = entry({
      entity: 'inspection',
      operation: 'create',
      subject: 'Gas safety inspection and service, 10 Jan 2025',
      changes: [
        { field: 'performedOn', before: null, after: '2025-01-10' },
        { field: 'result', before: null, after: 'pass_with_observations' },
        { field: 'performedById', before: null, after: 'Bob Builder' },
      ],
    });
    expect(describeEntry(inspection)).toBe('Recorded inspection “Gas safety inspection and service, 10 Jan 2025”');
    expect(changeLines(inspection)).toEqual([
      { label: 'Date performed', after: '10 Jan 2025' },
      { label: 'Result', after: 'Pass with observations' },
      { label: 'Performed by', after: 'Bob Builder' },
    ]);
    const obligation = entry({ entity: 'obligation', changes: [{ field: 'status', before: 'due_soon', after: 'overdue' }, { field: 'state', before: 'active', after: 'not_applicable' }] });
    expect(changeLines(obligation)).toEqual([
      { label: 'Status', before: 'Due soon', after: 'Overdue' },
      { label: 'State', before: 'Active', after: 'Not applicable' },
    ]);
  });
});

describe('change lines', () => {
  it('reads an update as "Field: old → new" with the screens’ labels', () => {
    const lines = changeLines(
      entry({
        changes: [
          { field: 'condition', before: 'good', after: 'poor' },
          { field: 'make', before: null, after: 'Bosch' },
          { field: 'complianceFire', before: 'na', after: 'yes' },
          { field: 'warrantyExpiry', before: '2026-01-31', after: '' },
          { field: 'status', before: 'draft', after: 'under_repair' },
        ],
      }),
    );
    expect(lines).toEqual([
      { label: 'Condition', before: 'Good', after: 'Poor' },
      { label: 'Make', before: '—', after: 'Bosch' },
      { label: 'Fire compliance', before: 'N/A', after: 'Compliant' },
      { label: 'Warranty expiry', before: '31 Jan 2026', after: '—' },
      { label: 'Status', before: 'Draft', after: 'Under repair' },
    ]);
  });

  it('lists a create’s values without arrows, labelled for their record', () => {
    const lines = changeLines(
      entry({
        entity: 'action',
        operation: 'create',
        changes: [
          { field: 'actionId', before: null, after: 'ACT-000001' },
          { field: 'assessmentId', before: null, after: 'ASM-000002' },
          { field: 'status', before: null, after: 'in_progress' },
          { field: 'priority', before: null, after: 'high' },
        ],
      }),
    );
    // The action's own code is in the sentence ("Added action ACT-000001"), not repeated as a field.
    expect(lines).toEqual([
      { label: 'Assessment', after: 'ASM-000002' },
      { label: 'Status', after: 'In progress' },
      { label: 'Priority', after: 'High' },
    ]);
  });

  it('formats other values readably', () => {
    expect(formatValue('asset', 'type', 'fire_door')).toBe('Fire door');
    expect(formatValue('asset', 'customFields', { Floor: '2', Zone: 'B' })).toBe('Floor: 2, Zone: B');
    expect(formatValue('meter_reading', 'reading', 12345)).toBe('12,345');
    expect(formatValue('meter_reading', 'isReset', true)).toBe('Yes');
    expect(formatValue('media', 'filesize', 2_621_440)).toBe('2.5 MB');
    expect(fieldLabel('asset', 'someNewField')).toBe('Some new field');
    expect(fieldLabel('asset', 'assetId')).toBe('Asset ID');
    expect(fieldLabel('action', 'assetId')).toBe('Asset');
  });

  it('names the actor, or System when no user made the change', () => {
    expect(actorName(entry({}))).toBe('Alice Auditor');
    expect(actorName(entry({ actor: null }))).toBe('System');
  });
});
