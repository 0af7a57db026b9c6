import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Refuses well-known passwords at registration (OWASP ASVS 5.0 6.2.4). Compared case-insensitively. */
let list: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  list ??= new Set(
    fs
      .readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return list.has(password.toLowerCase());
}
