import fs from 'node:fs';

/** This app's name and version (package.json), recorded in every backup. */
export const APP = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

/**
 * Orders two `major.minor.patch` versions (a pre-release suffix is ignored): negative when a is
 * older. Versions here are this app's own, always three numbers.
 */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split('-')[0]!.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i += 1) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
