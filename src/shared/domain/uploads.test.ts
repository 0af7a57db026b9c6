import { describe, expect, it } from 'vitest';
import { isAllowedDeclaredType, isAllowedUploadType, sanitizeFilename } from './uploads';

describe('isAllowedUploadType', () => {
  it.each(['image/jpeg', 'image/png', 'IMAGE/HEIC', 'video/mp4', 'video/quicktime', 'image/webp; q=1'])('accepts %s', (type) => {
    expect(isAllowedUploadType(type)).toBe(true);
  });
  it.each(['image/svg+xml', 'image/svg', 'text/html', 'application/xhtml+xml', 'image/x-svg+xml', 'application/pdf', 'image', 'video/', '', 'image/*'])(
    'refuses %j',
    (type) => {
      expect(isAllowedUploadType(type)).toBe(false);
    },
  );
});

describe('isAllowedDeclaredType', () => {
  it('adds PDF (an inspection certificate) to the widget types, and nothing else', () => {
    expect(isAllowedDeclaredType('application/pdf')).toBe(true);
    expect(isAllowedDeclaredType('Application/PDF; charset=binary')).toBe(true);
    expect(isAllowedDeclaredType('image/png')).toBe(true);
    for (const type of ['application/x-pdf', 'text/html', 'image/svg+xml', 'application/octet-stream', '']) expect(isAllowedDeclaredType(type), type).toBe(false);
  });
});

describe('sanitizeFilename', () => {
  it.each([
    ['roof.jpg', 'roof.jpg'],
    ['C:\\Users\\me\\photo 1.jpg', 'photo 1.jpg'],
    ['../../etc/passwd', 'passwd'],
    ['a\r\nb".jpg', 'ab.jpg'],
    ["it's <b>.png", 'its b.png'],
    ['  spaced \t name .png ', 'spaced name .png'],
    ['.hidden', 'hidden'],
    ['', 'file'],
    ['\u0000\u0007', 'file'],
    ['Façade.jpg', 'Façade.jpg'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFilename(input)).toBe(expected);
  });

  it('bounds the length and keeps the extension', () => {
    const name = sanitizeFilename(`${'x'.repeat(300)}.jpeg`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.jpeg')).toBe(true);
  });
});
