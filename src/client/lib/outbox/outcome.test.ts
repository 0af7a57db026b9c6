import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_IN_PROGRESS } from '@shared/domain/idempotency';
import { backoffMs, outcomeOf } from './outcome';

describe('outbox outcomes', () => {
  it('removes an item the server took (201, a replayed 201, 200)', () => {
    expect([201, 200, 204].map((s) => outcomeOf(s))).toEqual(['sent', 'sent', 'sent']);
  });

  it('keeps an item for later when no answer came or the answer may change (no network, 5xx, 503, 429, 401)', () => {
    expect(outcomeOf('no-answer')).toBe('retry');
    for (const status of [500, 502, 503, 504, 429, 401, 408]) expect(outcomeOf(status), String(status)).toBe('retry');
  });

  it('waits while the first copy of the same item is still being processed, but not for other conflicts', () => {
    expect(outcomeOf(409, IDEMPOTENCY_KEY_IN_PROGRESS)).toBe('retry');
    expect(outcomeOf(409, 'Assessment id ASM-1 is already used by an assessment of another asset')).toBe('failed');
  });

  it('hands an edit of a record changed meanwhile to the user (412), and refusals (400, 403, 404, 422) too', () => {
    expect(outcomeOf(412)).toBe('conflict');
    for (const status of [400, 403, 404, 413, 415, 422]) expect(outcomeOf(status), String(status)).toBe('failed');
  });

  it('backs off 2 s, 4 s, 8 s… up to 5 minutes', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(backoffMs(30)).toBe(300_000);
  });
});
