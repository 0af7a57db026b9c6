import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import type { Request } from 'autocannon';
import sharp from 'sharp';
import { BENCH_USER } from '../scripts/seed/users';
import { localStorage } from '../src/server/storage/local-storage';
import { runLoad, startLoad, type LoadResult } from './load';

/**
 * Backups never block users (issue 24, ADR 026): the app's p95 under the mixed workload while Back
 * up now runs in the app process (as the schedule's backups do), against the same workload just
 * before without one; and the backup's time and size.
 *
 * The seeded estate has no files, and a backup's heaviest part is copying them. So the phase first
 * gives `photos` assets (drawn by md5 of their id) a photo and its thumbnail: JPEGs of a phone
 * photo's size after upload (1600 × 1200) and WebP thumbnails of 320 px, of photographic noise so
 * they do not compress away, written into the server's storage folder with their media rows (as a
 * bulk load, so the trail and counters stay as they were). The rows are deleted afterwards; the
 * files go with the server's temporary data folder.
 */

export interface BackupBenchResult {
  photos: number;
  /** Bytes of the photos and thumbnails the phase stored. */
  fileBytes: number;
  usual: LoadResult;
  during: LoadResult;
  /** during.p95 ÷ usual.p95; the budget is 2. */
  ratio: number;
  backup: { seconds: number; storedBytes: number; rows: number; objects: number; status: string; error: string | null };
}

/** p95 during a backup may be at most this many times the usual p95 (issue 24). */
export const BACKUP_P95_FACTOR = 2;

/** Distinct images the photos cycle through: enough that no two neighbours are alike. */
const DISTINCT_IMAGES = 16;
const BENCH_FILENAME = 'bench-backup-photo.jpg';

async function images(): Promise<Array<{ photo: Buffer; thumbnail: Buffer }>> {
  const made = [];
  for (let i = 0; i < DISTINCT_IMAGES; i += 1) {
    const noise = sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 90 + i * 8, g: 110, b: 140 - i * 4 }, noise: { type: 'gaussian', mean: 120, sigma: 28 } } }).blur(1.2);
    const photo = await noise.clone().jpeg({ quality: 82 }).toBuffer();
    const thumbnail = await sharp(photo).resize(320).webp({ quality: 75 }).toBuffer();
    made.push({ photo, thumbnail });
  }
  return made;
}

interface BackupRun {
  id: string;
  status: string;
  error: string | null;
  storedBytes: number | null;
  rows: number | null;
  objects: number | null;
  durationMs: number | null;
}

async function api<T>(baseUrl: string, cookie: string, method: 'GET' | 'POST', url: string): Promise<T> {
  const res = await fetch(`${baseUrl}${url}`, { method, headers: { cookie } });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export async function runBackupBench(options: {
  pool: pg.Pool;
  baseUrl: string;
  cookie: string;
  /** The server's DATA_DIR: its storage folder is `objects` inside it. */
  serverDataDir: string;
  photos: number;
  connections: number;
  duration: number;
  /** The mixed workload (mixed.ts) both runs send. */
  mix: () => Request;
  print: (name: string, result: LoadResult) => void;
}): Promise<BackupBenchResult> {
  const { pool, baseUrl, cookie } = options;
  const storage = localStorage(path.join(options.serverDataDir, 'objects'));
  const [uploader] = (await pool.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [BENCH_USER.username])).rows;
  const assets = (await pool.query<{ id: string }>('SELECT id FROM assets ORDER BY md5(id::text) LIMIT $1', [options.photos])).rows.map((r) => r.id);
  const made = await images();
  const spool = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-images-'));
  let fileBytes = 0;
  try {
    const files = made.map(({ photo, thumbnail }, i) => {
      const photoFile = path.join(spool, `${i}.jpg`);
      const thumbFile = path.join(spool, `${i}.webp`);
      fs.writeFileSync(photoFile, photo);
      fs.writeFileSync(thumbFile, thumbnail);
      return { photoFile, thumbFile, photoBytes: photo.length, thumbBytes: thumbnail.length };
    });
    console.log(
      `  storing ${assets.length.toLocaleString('en-GB')} photos (${Math.round(files.reduce((n, f) => n + f.photoBytes, 0) / files.length / 1024)} KB each on average) with thumbnails`,
    );
    const rows: unknown[][] = [];
    for (const [i, assetId] of assets.entries()) {
      const file = files[i % files.length]!;
      const id = crypto.randomUUID();
      const objectKey = `uploads/${crypto.randomUUID()}`;
      const thumbnailKey = `thumbs/${crypto.randomUUID()}.webp`;
      await storage.putFile(objectKey, file.photoFile, 'image/jpeg');
      await storage.putFile(thumbnailKey, file.thumbFile, 'image/webp');
      fileBytes += file.photoBytes + file.thumbBytes;
      rows.push([id, assetId, `/api/media/${id}/file`, file.photoBytes, objectKey, thumbnailKey, uploader!.id]);
    }
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("SELECT set_config('app.bulk_load', 'on', true)");
      for (let i = 0; i < rows.length; i += 1000) {
        const chunk = rows.slice(i, i + 1000);
        const values = chunk.map((_, r) => `($${r * 7 + 1}::uuid, $${r * 7 + 2}::uuid, 'photo', $${r * 7 + 3}, '${BENCH_FILENAME}', $${r * 7 + 4}, 'image/jpeg', $${r * 7 + 5}, $${r * 7 + 6}, 1600, 1200, $${r * 7 + 7}::uuid)`);
        await client.query(
          `INSERT INTO media (id, asset_id, type, url, filename, filesize, mime_type, object_key, thumbnail_key, width, height, uploaded_by) VALUES ${values.join(', ')}`,
          chunk.flat(),
        );
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      client.release();
    }
  } finally {
    fs.rmSync(spool, { recursive: true, force: true });
  }

  try {
    const load = (duration: number) => ({ baseUrl, cookie, requests: [options.mix()], connections: options.connections, duration });
    await runLoad({ ...load(5) }); // warm-up
    const usual = await runLoad(load(options.duration));
    options.print('mixed workload, no backup', usual);

    // The same workload from before Back up now until the backup has finished.
    const during = startLoad(load(3600));
    const started = await api<BackupRun>(baseUrl, cookie, 'POST', '/api/backups');
    let finished: BackupRun | null = null;
    while (!finished) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const overview = await api<{ running: BackupRun | null; lastRun: BackupRun | null }>(baseUrl, cookie, 'GET', '/api/backups');
      if (!overview.running && overview.lastRun?.id === started.id) finished = overview.lastRun;
    }
    during.stop();
    const duringResult = await during.result;
    options.print('mixed workload, during Back up now', duringResult);
    const backup = {
      seconds: Math.round((finished.durationMs ?? 0) / 100) / 10,
      storedBytes: finished.storedBytes ?? 0,
      rows: finished.rows ?? 0,
      objects: finished.objects ?? 0,
      status: finished.status,
      error: finished.error,
    };
    console.log(
      `  backup ${backup.status}${backup.error ? ` (${backup.error})` : ''}: ${backup.seconds} s, ${(backup.storedBytes / 1024 ** 2).toFixed(0)} MB stored ` +
        `(${backup.rows.toLocaleString('en-GB')} rows, ${backup.objects.toLocaleString('en-GB')} files of ${(fileBytes / 1024 ** 2).toFixed(0)} MB)`,
    );
    return { photos: assets.length, fileBytes, usual, during: duringResult, ratio: Math.round((duringResult.p95 / usual.p95) * 100) / 100, backup };
  } finally {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("SELECT set_config('app.bulk_load', 'on', true)");
      await client.query('DELETE FROM media WHERE filename = $1', [BENCH_FILENAME]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  }
}
