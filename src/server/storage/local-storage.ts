import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { LocalObjectStorage, ObjectInfo } from './storage';

/** Photos and exports are evidence and personal data: only the app's own OS user may read them. */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Objects as files under `<root>/<key>`, with the content type in a sidecar `<file>.type`. Keys are
 * server-chosen, but are still checked to stay inside the root. Folders and files are owner-only,
 * whatever the process's umask.
 */
export function localStorage(root: string): LocalObjectStorage {
  const resolve = (key: string) => {
    if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..')) throw new Error(`invalid object key: ${key}`);
    return path.join(root, key);
  };
  const writeType = (file: string, contentType: string) => fsp.writeFile(`${file}.type`, contentType, { mode: FILE_MODE });
  // mkdir's mode applies only to the folders it creates, and the umask may narrow it but never widen it.
  const makeDir = async (dir: string) => {
    await fsp.mkdir(dir, { recursive: true, mode: DIR_MODE });
    for (let d = dir; d.startsWith(root) && d !== path.dirname(root); d = path.dirname(d)) {
      await fsp.chmod(d, DIR_MODE);
      if (d === root) break;
    }
  };

  return {
    kind: 'local',

    async putFile(key, filePath, contentType) {
      const file = resolve(key);
      await makeDir(path.dirname(file));
      await fsp.copyFile(filePath, file);
      await fsp.chmod(file, FILE_MODE);
      await writeType(file, contentType);
      return { size: (await fsp.stat(file)).size, contentType };
    },

    async putStream(key, body: Readable, contentType) {
      const file = resolve(key);
      await makeDir(path.dirname(file));
      const partial = `${file}.partial`;
      try {
        await pipeline(body, fs.createWriteStream(partial, { mode: FILE_MODE }));
        await fsp.rename(partial, file);
      } catch (err) {
        await fsp.rm(partial, { force: true });
        throw err;
      }
      await writeType(file, contentType);
      return { size: (await fsp.stat(file)).size, contentType };
    },

    async head(key): Promise<ObjectInfo | null> {
      const file = resolve(key);
      try {
        const [stat, contentType] = await Promise.all([fsp.stat(file), fsp.readFile(`${file}.type`, 'utf8')]);
        return { size: stat.size, contentType };
      } catch {
        return null;
      }
    },

    async read(key, length) {
      const file = resolve(key);
      await fsp.access(file);
      return fs.createReadStream(file, length === undefined ? {} : { start: 0, end: Math.max(0, length - 1) });
    },

    async readRange(key, start, end) {
      const file = resolve(key);
      await fsp.access(file);
      return fs.createReadStream(file, { start, end });
    },

    async delete(key) {
      const file = resolve(key);
      await Promise.all([fsp.rm(file, { force: true }), fsp.rm(`${file}.type`, { force: true })]);
    },
  };
}
