import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BackupFileMissing, checkBackupPath, type BackupTarget } from './target';

/** Backups hold every record and photo: only the app's own OS user may read them. */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Backups as files under a folder. Each file is written to `<file>.partial` and renamed when whole,
 * so a crash never leaves a file that looks complete.
 */
export function localFolderTarget(root: string): BackupTarget {
  const resolve = (file: string) => path.join(root, checkBackupPath(file));
  return {
    location: root,

    async write(file, body) {
      const full = resolve(file);
      await fsp.mkdir(path.dirname(full), { recursive: true, mode: DIR_MODE });
      const partial = `${full}.partial`;
      try {
        const source = Buffer.isBuffer(body) || typeof body === 'string' ? Readable.from([Buffer.from(body)]) : body;
        await pipeline(source, fs.createWriteStream(partial, { mode: FILE_MODE }));
        await fsp.rename(partial, full);
      } catch (err) {
        await fsp.rm(partial, { force: true });
        throw err;
      }
      return (await fsp.stat(full)).size;
    },

    async read(file) {
      const full = resolve(file);
      try {
        await fsp.access(full, fs.constants.R_OK);
      } catch {
        throw new BackupFileMissing(file, root);
      }
      return fs.createReadStream(full);
    },

    async list(prefix) {
      const start = prefix === '' ? root : path.join(root, prefix);
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(start, { recursive: true, withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
      return entries
        .filter((e) => e.isFile() && !e.name.endsWith('.partial'))
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    },

    async folders() {
      try {
        const entries = await fsp.readdir(root, { withFileTypes: true });
        return entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
    },

    async delete(prefix) {
      await fsp.rm(path.join(root, checkBackupPath(prefix.replace(/\/$/, ''))), { recursive: true, force: true });
    },
  };
}
