import { describe, expect, it } from 'vitest';
import { minimalPdf } from '../../../../tests/factories/pdf';
import { isWholePdf, PDF_TAIL_BYTES } from './verify-pdf';

const check = (bytes: Buffer) => isWholePdf(bytes.subarray(0, 64), bytes.subarray(Math.max(0, bytes.length - PDF_TAIL_BYTES)));

describe('isWholePdf', () => {
  it('accepts a PDF 1.x or 2.0 that ends with %%EOF, with a little after it', () => {
    expect(check(minimalPdf())).toBe(true);
    expect(check(minimalPdf({ version: '2.0' }))).toBe(true);
    expect(check(Buffer.concat([minimalPdf(), Buffer.from('\r\n\n  ')]))).toBe(true);
  });

  it('refuses a truncated PDF, a PDF with a long tail after its end, and other files named .pdf', () => {
    const pdf = minimalPdf();
    expect(check(pdf.subarray(0, pdf.length - 10))).toBe(false);
    expect(check(Buffer.concat([pdf, Buffer.alloc(PDF_TAIL_BYTES, 0x20)]))).toBe(false);
    expect(check(Buffer.from('<!doctype html><html><body>%%EOF</body></html>'))).toBe(false);
    expect(check(Buffer.from('%PDF-3.0\n%%EOF'))).toBe(false);
    expect(check(Buffer.from('%PDF-\n%%EOF'))).toBe(false);
  });
});
