import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../../bench/server';
import type { AppHome } from './app-home';

/**
 * Fills the home's database with `npm run seed:large`'s estate (its staff include BENCH_USER). For the
 * embedded database the script starts and stops the engine under DATA_DIR itself, so run it while
 * no app of this home is running.
 */
export async function seedEstate(home: AppHome, assets: number): Promise<number> {
  const started = performance.now();
  const logFile = path.join(home.dataDir, 'seed.log');
  const output = fs.openSync(logFile, 'a');
  const args = ['--import', 'tsx', 'scripts/seed-large.ts', '--assets', String(assets)];
  if (home.kind === 'server') args.push('--database-url', home.databaseUrl());
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: home.dataDir, DATABASE_URL: '' },
    stdio: ['ignore', output, output],
  });
  fs.closeSync(output);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`seeding failed (exit ${code}):\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
  return performance.now() - started;
}
