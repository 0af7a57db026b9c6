import { describe, expect, it } from 'vitest';
import type { Action } from '@shared/contract/actions';
import type { Meter } from '@shared/contract/meters';
import type { CalendarDate } from '@shared/domain/compliance';
import { LOCATION_PATH_SEPARATOR } from '@shared/domain/locations';
import { actionsMatching, metersMatching } from './kept-lists';

/** The meter and action lists answered offline from the records kept on the device (ADR 028). */

const meter = (meterNumber: string, locationPath: string): Meter => ({
  id: `00000000-0000-4000-8000-${meterNumber.padStart(12, '0')}`,
  meterNumber,
  type: 'electricity',
  unit: 'kWh',
  multiplier: 1,
  locationId: 'loc',
  locationPath,
  lastReading: null,
  lastReadingDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

let n = 0;
const action = (fields: Partial<Action>): Action => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  actionId: `ACT-${n}`,
  assetId: 'asset-1',
  assetCode: 'AST-1',
  assessmentId: null,
  title: 'Remedial work',
  description: null,
  category: 'maintenance',
  priority: 'medium',
  status: 'open',
  assignee: null,
  targetDate: null,
  completedDate: null,
  createdBy: 'user',
  createdAt: `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`,
  updatedAt: '2026-01-01T00:00:00.000Z',
  overdue: false,
  ...fields,
});

describe('metersMatching', () => {
  const path = (...names: string[]) => names.join(LOCATION_PATH_SEPARATOR);
  const meters = [meter('M-3', path('Depot', 'Block B', 'Basement')), meter('M-1', 'Depot'), meter('M-2', 'Depot Annex'), meter('M-4', 'Elsewhere')];

  it('keeps the meters at or under the location path, by meter number', () => {
    expect(metersMatching(meters, 'Depot').map((m) => m.meterNumber)).toEqual(['M-1', 'M-3']);
    expect(metersMatching(meters, path('Depot', 'Block B')).map((m) => m.meterNumber)).toEqual(['M-3']);
  });

  it('keeps every meter with no location', () => {
    expect(metersMatching(meters, null).map((m) => m.meterNumber)).toEqual(['M-1', 'M-2', 'M-3', 'M-4']);
  });
});

describe('actionsMatching', () => {
  const today = '2026-03-01' as CalendarDate;
  const seal = action({ title: 'Replace the seal', assignee: 'Fran Field', priority: 'high', targetDate: '2026-02-01' });
  const gutter = action({ title: 'Clear the gutter', status: 'waiting', assetId: 'asset-2', targetDate: '2026-04-01' });
  const paint = action({ title: 'Paint the rail', description: 'Seal first' });
  const all = [seal, gutter, paint];
  const titles = (found: Action[]) => found.map((a) => a.title);

  it('answers newest first, at most the limit', () => {
    expect(titles(actionsMatching(all, { limit: 50 }, today))).toEqual(['Paint the rail', 'Clear the gutter', 'Replace the seal']);
    expect(titles(actionsMatching(all, { limit: 1 }, today))).toEqual(['Paint the rail']);
  });

  it('needs every word searched for, in the code, title, description or assignee, any case', () => {
    expect(titles(actionsMatching(all, { search: 'seal', limit: 50 }, today))).toEqual(['Paint the rail', 'Replace the seal']);
    expect(titles(actionsMatching(all, { search: 'SEAL fran', limit: 50 }, today))).toEqual(['Replace the seal']);
    expect(titles(actionsMatching(all, { search: gutter.actionId, limit: 50 }, today))).toEqual(['Clear the gutter']);
    expect(actionsMatching(all, { search: 'seal boiler', limit: 50 }, today)).toEqual([]);
  });

  it('applies the status, priority and asset filters', () => {
    expect(titles(actionsMatching(all, { status: 'waiting', limit: 50 }, today))).toEqual(['Clear the gutter']);
    expect(titles(actionsMatching(all, { priority: 'high', limit: 50 }, today))).toEqual(['Replace the seal']);
    expect(titles(actionsMatching(all, { assetId: 'asset-2', limit: 50 }, today))).toEqual(['Clear the gutter']);
  });

  it('judges overdue on the day given, whatever the kept flag said, and sorts by target date with undated last', () => {
    expect(titles(actionsMatching(all, { overdue: true, limit: 50 }, today))).toEqual(['Replace the seal']);
    expect(titles(actionsMatching(all, { overdue: true, limit: 50 }, '2026-05-01' as CalendarDate))).toEqual(['Clear the gutter', 'Replace the seal']);
    expect(titles(actionsMatching(all, { sort: 'target', limit: 50 }, today))).toEqual(['Replace the seal', 'Clear the gutter', 'Paint the rail']);
  });
});
