import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpError } from '../../http-errors';

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

const COMMON_PASSWORD = 'This password is too common. Choose a less guessable one.';

/** A 400 naming `field` when the password is a well-known one. */
export function rejectCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw new HttpError(400, COMMON_PASSWORD, { [field]: COMMON_PASSWORD });
}
