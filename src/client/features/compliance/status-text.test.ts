import { describe, expect, it } from 'vitest';
import type { StatusCounts } from '@shared/contract/compliance';
import { countsSentence, totalOf } from './status-text';

const counts = (some: Partial<StatusCounts>): StatusCounts => ({
  failed: 0,
  unknown: 0,
  overdue: 0,
  due_soon: 0,
  compliant: 0,
  suspended: 0,
  not_applicable: 0,
  ...some,
});

describe('countsSentence', () => {
  it('lists the statuses that have obligations, worst first', () => {
    expect(countsSentence(counts({ compliant: 2, overdue: 1 }))).toBe('1 overdue, 2 compliant');
    expect(countsSentence(counts({ due_soon: 3, unknown: 1, not_applicable: 1 }))).toBe('1 unknown, 3 due soon, 1 N/A');
  });

  it('says none when there are none', () => {
    expect(countsSentence(counts({}))).toBe('none');
  });
});

describe('totalOf', () => {
  it('adds every status', () => {
    expect(totalOf(counts({ failed: 1, compliant: 2, suspended: 4 }))).toBe(7);
  });
});
