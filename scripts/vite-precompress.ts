import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a `.br` and a `.gz` beside every compressible built file, so the server (@fastify/static with
 * `preCompressed`) can send them as they are. Compressing here rather than per request lets us use the
 * slowest, smallest settings (brotli 11, gzip 9): surveyors load the app over poor mobile signal, and
 * the cost is paid once per build instead of on every request.
 */

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Text formats, and WebAssembly (the scanner's decoder: about 930 KB, a third of that in brotli);
 * images and fonts (png, jpg, webp, woff2…) are already compressed.
 */
const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|txt|wasm)$/i;
/** Below this the saving is a few bytes and no longer pays for the extra file and lookup. */
const MIN_BYTES = 1024;

export interface PrecompressResult {
  files: number;
  bytes: number;
  brBytes: number;
  gzBytes: number;
}

/** Compresses every eligible file under `dir` (recursively); answers what it wrote. */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brBytes: 0, gzBytes: 0 };
  const names = (await fs.readdir(dir, { recursive: true })).filter((name) => COMPRESSIBLE.test(name));
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const stat = await fs.stat(file);
      if (!stat.isFile() || stat.size < MIN_BYTES) return;
      const raw = await fs.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      // A sibling that is not smaller would only cost bytes; the server then sends the file itself.
      if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
      if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
      result.files += 1;
      result.bytes += raw.length;
      result.brBytes += Math.min(br.length, raw.length);
      result.gzBytes += Math.min(gz.length, raw.length);
    }),
  );
  return result;
}

/** Vite plugin: precompresses the output folder once the whole build (public files included) is written. */
export function precompress(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => {};
  return {
    name: 'asset-register:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    async closeBundle() {
      const r = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      log(`precompressed ${r.files} files: ${kb(r.bytes)} → ${kb(r.brBytes)} br, ${kb(r.gzBytes)} gzip`);
    },
  };
}
