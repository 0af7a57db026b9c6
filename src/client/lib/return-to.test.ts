import { describe, expect, it } from 'vitest';
import { returnPathOf, signInThenReturnTo } from './return-to';

describe('returnPathOf', () => {
  it('gives back a deep link the sign-in page was sent with', () => {
    expect(returnPathOf(new URL(signInThenReturnTo('/a/AST-000123'), 'https://x.example').search)).toBe('/a/AST-000123');
    expect(returnPathOf('?next=%2Fl%2F0b0e7d7c-1b2a-4c3d-8e9f-001122334455')).toBe('/l/0b0e7d7c-1b2a-4c3d-8e9f-001122334455');
  });

  it('refuses anything but a deep link, so the page cannot send people elsewhere', () => {
    for (const next of ['https://evil.example/a/x', '//evil.example/a/x', '/a//evil.example', '/assets', '/a/', '/\\evil.example', 'javascript:alert(1)', '/a/x y']) {
      expect(returnPathOf(`?${new URLSearchParams({ next })}`), next).toBeNull();
    }
    expect(returnPathOf('')).toBeNull();
  });
});
