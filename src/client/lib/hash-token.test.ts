import { describe, expect, it } from 'vitest';
import { tokenFromHash } from './hash-token';

describe('tokenFromHash', () => {
  it('reads the token from a #token= fragment', () => {
    expect(tokenFromHash('#token=abc-123_XYZ')).toBe('abc-123_XYZ');
  });
  it('reads it among other fragment parameters', () => {
    expect(tokenFromHash('#x=1&token=t0k')).toBe('t0k');
  });
  it('is empty without a token', () => {
    expect(tokenFromHash('')).toBe('');
    expect(tokenFromHash('#')).toBe('');
    expect(tokenFromHash('#other=1')).toBe('');
  });
});
