import { describe, expect, it } from 'vitest';
import { safeMediaUrl } from './safe-media-url';

const ORIGIN = 'http://192.168.1.20:5000';

describe('safeMediaUrl', () => {
  it.each([
    ['/api/objects/uploads/1f2e', `${ORIGIN}/api/objects/uploads/1f2e`],
    ['https://bucket.s3.eu-west-2.amazonaws.com/uploads/abc?X-Amz-Expires=900', 'https://bucket.s3.eu-west-2.amazonaws.com/uploads/abc?X-Amz-Expires=900'],
  ])('keeps %s', (url, expected) => {
    expect(safeMediaUrl(url, ORIGIN)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'http://evil.example/x.png',
    '//evil.example/x.png',
    '/\\evil.example/x.png',
    '',
    'uploads/relative.png',
  ])('refuses %j', (url) => {
    expect(safeMediaUrl(url, ORIGIN)).toBeNull();
  });
});
