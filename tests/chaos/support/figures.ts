import fs from 'node:fs';
import { inject } from 'vitest';
import './context';

/** A whole number with thousands separators, as the figures are quoted in docs/reliability.md. */
export const count = (n: number) => n.toLocaleString('en-GB');

/** Seconds with two decimals from milliseconds. */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * Prints one figure as a single line (quotable as it stands) and keeps it for the summary that the
 * global teardown prints at the end of the run.
 */
export function recordFigure(line: string): void {
  console.log(line);
  fs.appendFileSync(inject('chaosFiguresFile'), line + '\n');
}
