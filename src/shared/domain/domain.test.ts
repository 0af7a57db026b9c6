import { describe, expect, it } from 'vitest';
import { formatRole, initials, ROLE_LABELS, ROLES } from './index';

describe('initials', () => {
  it.each([
    ['Alice Mary Smith', 'AM'],
    ['bob', 'B'],
    ['alice smith', 'AS'],
    ['  Alice   Smith  ', 'AS'],
    ['\tjean\nluc', 'JL'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('formatRole', () => {
  it.each([
    ['org_admin', 'org admin'],
    ['asset_manager', 'asset manager'],
    ['surveyor', 'surveyor'],
    ['area_manager', 'area manager'],
  ])('%s → %s', (role, expected) => {
    expect(formatRole(role)).toBe(expected);
  });

  it('every role has a label', () => {
    expect(Object.keys(ROLE_LABELS).sort()).toEqual([...ROLES].sort());
  });
});
