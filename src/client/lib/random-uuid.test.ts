import { describe, expect, it } from 'vitest';
import { randomUuid } from './random-uuid';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid', () => {
  it('gives a v4 UUID', () => {
    expect(randomUuid()).toMatch(UUID_V4);
  });

  it('still gives distinct v4 UUIDs where crypto.randomUUID is missing (plain http on the LAN)', () => {
    // Shadow the prototype's method with an own property, as an insecure context lacks it.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const a = randomUuid();
      const b = randomUuid();
      expect(a).toMatch(UUID_V4);
      expect(b).toMatch(UUID_V4);
      expect(a).not.toBe(b);
    } finally {
      delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
  });
});
