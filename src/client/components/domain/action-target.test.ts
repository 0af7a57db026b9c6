import { describe, expect, it } from 'vitest';
import { actionTargetText } from './action-target';

describe('actionTargetText', () => {
  const today = '2026-11-26';

  it("keeps the spec's texts for an action on time or without a date", () => {
    expect(actionTargetText({ targetDate: '2026-11-26', status: 'open', overdue: false }, today)).toBe('Target: 26 Nov 2026');
    expect(actionTargetText({ targetDate: '2024-01-05', status: 'closed', overdue: false }, today)).toBe('Target: 5 Jan 2024');
    expect(actionTargetText({ targetDate: null, status: 'open', overdue: false }, today)).toBe('No date set');
  });

  it('adds how many days an overdue action is late', () => {
    expect(actionTargetText({ targetDate: '2025-05-10', status: 'open', overdue: true }, today)).toBe('Target: 10 May 2025 · 565 days overdue');
    expect(actionTargetText({ targetDate: '2026-11-25', status: 'waiting', overdue: true }, today)).toBe('Target: 25 Nov 2026 · 1 day overdue');
  });

  it("leaves the count out when this device's date is not yet past the target", () => {
    expect(actionTargetText({ targetDate: '2026-11-26', status: 'open', overdue: true }, today)).toBe('Target: 26 Nov 2026');
  });
});
