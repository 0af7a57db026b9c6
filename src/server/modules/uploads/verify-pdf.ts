/**
 * A PDF's checks before it becomes an inspection's evidence (ADR 025). The magic bytes alone let a
 * truncated download, or anything else that starts with `%PDF-`, become a certificate; a whole PDF
 * starts with its version header and ends with the end-of-file marker (ISO 32000-1 §7.5.2, §7.5.5).
 * This is a check that the file arrived whole, not a parse: the file is never opened by the server
 * and is served only as a download (media-files.ts).
 */

/** Versions 1.x (ISO 32000-1 and earlier) and 2.0 (ISO 32000-2). */
const PDF_HEADER = /^%PDF-[12]\./;
const END_OF_FILE = '%%EOF';
/** Writers may put a little after `%%EOF` (a newline, padding): the marker is looked for in this tail. */
export const PDF_TAIL_BYTES = 1024;

/** True when `head` (the first bytes) and `tail` (the last PDF_TAIL_BYTES, or fewer) are a whole PDF's. */
export function isWholePdf(head: Buffer, tail: Buffer): boolean {
  return PDF_HEADER.test(head.subarray(0, 8).toString('latin1')) && tail.includes(END_OF_FILE, 0, 'latin1');
}
