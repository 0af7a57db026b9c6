import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SearchPlan } from './plan';

/**
 * How an area manager's search reads a list (ADR 024, "Areas"). A small area (a few sites) is read
 * whole: PostgreSQL reaches its rows through the location index and tests them all, which costs what
 * the area holds, where the engine's own costs take a scan for the whole table and would walk or look
 * up the estate's matches to keep the area's few. A large area (a region holding a third of the
 * estate) is left to the engine's choice, planned for its values (`customPlan`). Measured by
 * `npm run bench` ("area manager" lines): scanning a region read ten times longer than choosing.
 */
const SMALL_AREA_SHARE = 0.1;
/** Areas change rarely; their size is looked up again after this long. */
const SHARE_KEPT_MS = 60_000;
const SHARES_KEPT = 1_000;

const shares = new Map<string, { share: number; at: number }>();

/** The plan for a search limited to these areas: a scan when they hold a small share of the locations. */
export async function areaSearchPlan(db: Db, roots: string[]): Promise<SearchPlan | undefined> {
  return (await areaShare(db, roots)) < SMALL_AREA_SHARE ? { kind: 'scan' } : undefined;
}

async function areaShare(db: Db, roots: string[]): Promise<number> {
  const key = [...roots].sort().join(',');
  const now = Date.now();
  const kept = shares.get(key);
  if (kept && now - kept.at < SHARE_KEPT_MS) return kept.share;
  const { rows } = await db.execute<{ share: number }>(
    sql`SELECT (SELECT count(*) FROM area_locations(${sql.param(roots)}::uuid[]))::float8 / greatest((SELECT count(*) FROM locations), 1) AS share`,
  );
  const share = Number(rows[0]?.share ?? 1);
  if (shares.size >= SHARES_KEPT) shares.clear();
  shares.set(key, { share, at: now });
  return share;
}
