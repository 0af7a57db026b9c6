import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { localStorage } from './local-storage';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('local object storage', () => {
  it('keeps every folder and file owner-only, whatever the umask', async () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-objects-'));
    roots.push(base);
    const root = path.join(base, 'objects');
    const storage = localStorage(root);
    const previous = process.umask(0o000);
    try {
      await storage.putStream('uploads/a', Readable.from([Buffer.from('photo')]), 'image/jpeg');
      const source = path.join(base, 'report.csv');
      fs.writeFileSync(source, 'a,b\n', { mode: 0o666 });
      await storage.putFile('exports/b.csv', source, 'text/csv');
    } finally {
      process.umask(previous);
    }
    for (const dir of [root, path.join(root, 'uploads'), path.join(root, 'exports')]) expect(modeOf(dir), dir).toBe(0o700);
    for (const file of ['uploads/a', 'uploads/a.type', 'exports/b.csv', 'exports/b.csv.type']) {
      expect(modeOf(path.join(root, file)), file).toBe(0o600);
    }
  });
});
