import { describe, expect, it } from 'vitest';
import { isOwnMediaUrl } from '@shared/domain';
import { safeMediaUrl } from '@/lib/safe-media-url';

/** What the server accepts as a reading's photoUrl is what the client renders, as a same-origin link. */
const origin = 'https://assets.example.com';
const id = '6f1c2b1e-8d3a-4c55-9a7e-2b9d0c1e4f5a';

describe('reading photo URLs', () => {
  it('accepts our own media paths, and the client renders them on our origin', () => {
    for (const url of [`/api/media/${id}/file`, `/api/media/${id}/thumbnail`]) {
      expect(isOwnMediaUrl(url)).toBe(true);
      expect(safeMediaUrl(url, origin)).toBe(`${origin}${url}`);
    }
  });

  it('refuses script, data, other hosts and protocol-relative URLs, which the client never renders either', () => {
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/x.png', '/\\evil.example/x.png']) {
      expect(isOwnMediaUrl(url)).toBe(false);
      expect(safeMediaUrl(url, origin)).toBeNull();
    }
    expect(isOwnMediaUrl('https://evil.example/x.png')).toBe(false);
    expect(isOwnMediaUrl(`/api/media/${id}/file/../../../logout`)).toBe(false);
  });
});
