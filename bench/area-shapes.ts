import type pg from 'pg';
import { SEED_PASSWORD } from '../scripts/seed/users';

/**
 * The areas the bench limits an area manager to (ADR 024), drawn from the register itself so the
 * same data gives the same areas: ties are broken by a hash of the location's id, as the search
 * corpus picks its rows (search-corpus.ts).
 */
export interface AreaShape {
  /** `site`, `region`, `sites`: also the suffix of the bench's area manager for it. */
  key: string;
  /** How it was picked, for the printout. */
  label: string;
  roots: string[];
  /** What lies in it, as the app counts it (area_locations() in db/sql/areas.sql). */
  holds: AreaHoldings;
}

export interface AreaHoldings {
  locations: number;
  assets: number;
  actions: number;
  meters: number;
}

interface Candidate {
  id: string;
  name: string;
  type: string;
  parent_id: string | null;
  assets: number;
}

/** Ties between equal counts go to the lowest hash of the id (as search-corpus.ts picks). */
const byHash = (a: Candidate & { pick: string }, b: Candidate & { pick: string }) => (a.pick < b.pick ? -1 : a.pick > b.pick ? 1 : 0);

/**
 * Three shapes an org admin gives an area manager (ADR 024: "usually a region or a handful of
 * sites"):
 * - `site`: the site whose asset count is nearest the sites' median (a typical depot);
 * - `region`: the region holding the most assets (the largest single subtree below the organisation);
 * - `sites`: three sites in three different regions (one root per region, the regions and their
 *   sites taken in hash order): several roots in one area list.
 */
export async function pickAreaShapes(pool: pg.Pool): Promise<AreaShape[]> {
  const { rows } = await pool.query<Candidate & { pick: string }>(
    `SELECT l.id, l.name, l.type, l.parent_id, md5(l.id::text) AS pick,
            (SELECT count(*) FROM assets WHERE location_id IN (SELECT * FROM area_locations(ARRAY[l.id])))::int AS assets
     FROM locations l WHERE l.type IN ('site', 'region')`,
  );
  const sites = rows.filter((r) => r.type === 'site').sort((a, b) => a.assets - b.assets || byHash(a, b));
  const regions = rows.filter((r) => r.type === 'region').sort(byHash);
  const shapes: Array<Omit<AreaShape, 'holds'>> = [];

  if (sites.length > 0) {
    const median = sites[Math.floor((sites.length - 1) / 2)]!.assets;
    const site = [...sites].sort((a, b) => Math.abs(a.assets - median) - Math.abs(b.assets - median) || byHash(a, b))[0]!;
    shapes.push({ key: 'site', label: `site "${site.name}" (median of ${sites.length} sites: ${median} assets)`, roots: [site.id] });
  }
  if (regions.length > 0) {
    const region = [...regions].sort((a, b) => b.assets - a.assets || byHash(a, b))[0]!;
    shapes.push({ key: 'region', label: `region "${region.name}" (largest of ${regions.length} regions)`, roots: [region.id] });
  }
  const oneSitePerRegion = regions
    .map((region) => sites.filter((s) => s.parent_id === region.id).sort(byHash)[0])
    .filter((s): s is Candidate & { pick: string } => s !== undefined)
    .slice(0, 3);
  if (oneSitePerRegion.length > 1) {
    shapes.push({
      key: 'sites',
      label: `${oneSitePerRegion.length} sites in ${oneSitePerRegion.length} regions (${oneSitePerRegion.map((s) => `"${s.name}"`).join(', ')})`,
      roots: oneSitePerRegion.map((s) => s.id),
    });
  }
  return Promise.all(shapes.map(async (shape) => ({ ...shape, holds: await holdings(pool, shape.roots) })));
}

/** What an area holds; with no roots, the whole estate. */
export async function holdings(pool: pg.Pool, roots: string[] | null): Promise<AreaHoldings> {
  const inArea = (column: string) => (roots ? `${column} IN (SELECT * FROM area_locations($1::uuid[]))` : 'true');
  const { rows } = await pool.query<AreaHoldings>(
    `SELECT (SELECT count(*) FROM locations WHERE ${inArea('id')})::int AS locations,
            (SELECT count(*) FROM assets WHERE ${inArea('location_id')})::int AS assets,
            (SELECT count(*) FROM actions x JOIN assets s ON s.id = x.asset_id WHERE ${inArea('s.location_id')})::int AS actions,
            (SELECT count(*) FROM meters WHERE ${inArea('location_id')})::int AS meters`,
    roots ? [roots] : [],
  );
  return rows[0]!;
}

/** Up to `limit` asset ids in the area (or the estate), in hash order: what the by-id line rotates through. */
export async function assetIdsIn(pool: pg.Pool, roots: string[] | null, limit: number): Promise<string[]> {
  const where = roots ? 'WHERE location_id IN (SELECT * FROM area_locations($2::uuid[]))' : '';
  const { rows } = await pool.query<{ id: string }>(`SELECT id FROM assets ${where} ORDER BY md5(id::text) LIMIT $1`, roots ? [limit, roots] : [limit]);
  return rows.map((r) => r.id);
}

/** The bench's area manager for a shape: test data, with the seeded staff's password. */
export const areaManagerOf = (shape: Pick<AreaShape, 'key'>) => ({ username: `bench.area.${shape.key}`, password: SEED_PASSWORD });

/**
 * Makes the shape's area manager exist and be limited to its roots, all through the API as the
 * signed-in org admin: an invite for the role (so it works in every registration mode), the
 * sign-up, then PATCH /api/users/:id with the areas. A later run finds the user and only sets its
 * areas again (the data may have been reseeded).
 */
export async function limitAreaManager(baseUrl: string, adminCookie: string, shape: AreaShape): Promise<void> {
  const { username, password } = areaManagerOf(shape);
  // `cookie: null` for the sign-up: signing up in the admin's session would end it (sessions rotate).
  const call = async <T>(method: string, path: string, body?: unknown, cookie: string | null = adminCookie): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}${cookie ? " as the bench's org admin" : ''} answered ${res.status}: ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
  type Listed = { items: Array<{ id: string; username: string }> };
  let user = (await call<Listed>('GET', `/api/users?search=${encodeURIComponent(username)}`)).items.find((u) => u.username === username);
  if (!user) {
    const { url } = await call<{ url: string }>('POST', '/api/invites', { role: 'area_manager' });
    const inviteToken = new URL(url).hash.replace(/^#token=/, '');
    const fullName = `Bench Area Manager (${shape.key})`;
    user = await call<{ id: string; username: string }>('POST', '/api/register', { fullName, username, password, role: 'area_manager', inviteToken }, null);
  }
  const managed = await call<{ areas: unknown[] }>('PATCH', `/api/users/${user.id}`, { role: 'area_manager', status: 'active', areaLocationIds: shape.roots });
  if (managed.areas.length !== shape.roots.length) throw new Error(`${username} was given ${managed.areas.length} of ${shape.roots.length} areas`);
}
