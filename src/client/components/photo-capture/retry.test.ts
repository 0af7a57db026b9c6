import { describe, expect, it } from 'vitest';
import { isRetryable, withRetries } from './retry';

const SPEC_DELAYS = [0, 1000, 3000, 5000];

describe('withRetries', () => {
  it('waits 0, 1000, 3000 and 5000 ms between attempts, then gives up with the last error', async () => {
    const waits: number[] = [];
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error(`503: busy ${calls}`));
    };
    await expect(withRetries(failing, SPEC_DELAYS, { sleep: async (ms) => void waits.push(ms) })).rejects.toThrow('503: busy 5');
    expect(calls).toBe(5);
    expect(waits).toEqual(SPEC_DELAYS);
  });

  it('returns the first success', async () => {
    let calls = 0;
    const flaky = () => (++calls < 3 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve('ok'));
    await expect(withRetries(flaky, SPEC_DELAYS, { sleep: async () => {} })).resolves.toBe('ok');
    expect(calls).toBe(3);
  });

  it('does not retry a refusal', async () => {
    let calls = 0;
    const refused = () => {
      calls++;
      return Promise.reject(new Error('400: {"message":"You can only upload: image/*, video/*"}'));
    };
    await expect(withRetries(refused, SPEC_DELAYS, { sleep: async () => {} })).rejects.toThrow('400');
    expect(calls).toBe(1);
  });
});

describe('isRetryable', () => {
  it.each([
    [new TypeError('Failed to fetch'), true],
    [new Error('500: oops'), true],
    [new Error('503: Service Unavailable'), true],
    [new Error('429: slow down'), true],
    [new Error('400: bad'), false],
    [new Error('403: expired'), false],
    [new Error('413: too large'), false],
    [new DOMException('Aborted', 'AbortError'), false],
  ])('%s → %s', (error, expected) => {
    expect(isRetryable(error)).toBe(expected);
  });
});
