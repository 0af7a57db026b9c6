/**
 * A small PDF that real readers open (one page, one line of text), made with exact cross-reference
 * offsets, for the inspection evidence tests (API and end-to-end). No library writes one this small
 * without fonts and metadata, and the tests need to cut it (truncated) and know what it holds.
 */
export function minimalPdf({ text = 'Gas Safety Record GS-1001', version = '1.4' }: { text?: string; version?: '1.4' | '1.7' | '2.0' } = {}): Buffer {
  const content = `BT /F1 12 Tf 20 50 Td (${text.replace(/[()\\]/g, '\\$&')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  // The binary comment after the header tells transfer tools the file is not text.
  let body = `%PDF-${version}\n%\u00e2\u00e3\u00cf\u00d3\n`;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
