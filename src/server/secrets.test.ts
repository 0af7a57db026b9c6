import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_SECRET_BYTES, resolveSecret, SecretFileError } from './secrets';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-secret-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('resolveSecret', () => {
  it('generates a 32-byte secret owner-only and keeps it across starts', () => {
    const dataDir = path.join(tempDir(), 'data');
    const secret = resolveSecret(undefined, dataDir);
    expect(Buffer.byteLength(secret)).toBeGreaterThanOrEqual(MIN_SECRET_BYTES);
    const file = path.join(dataDir, 'session-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dataDir).mode & 0o077).toBe(0);
    expect(resolveSecret(undefined, dataDir)).toBe(secret);
  });

  it('refuses a kept secret shorter than 32 bytes', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'session-secret'), 'short\n', { mode: 0o600 });
    expect(() => resolveSecret(undefined, dataDir)).toThrow(SecretFileError);
    expect(() => resolveSecret(undefined, dataDir)).toThrow(/5 bytes; at least 32 are needed/);
  });

  it('tightens a kept secret that others can read', () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'session-secret');
    fs.writeFileSync(file, 'x'.repeat(43) + '\n');
    fs.chmodSync(file, 0o644);
    resolveSecret(undefined, dataDir);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('uses SESSION_SECRET when set, writing nothing', () => {
    const dataDir = tempDir();
    expect(resolveSecret('y'.repeat(40), dataDir)).toBe('y'.repeat(40));
    expect(fs.existsSync(path.join(dataDir, 'session-secret'))).toBe(false);
  });
});
