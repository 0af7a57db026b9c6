import { LOCATION_PATH_SEPARATOR, type LocationType } from '../../src/shared/domain/locations';
import { AREA_NAMES, BUILDING_NAMES, FLOOR_NAMES, ORGANISATION, REGION_GPS, REGIONS, SITE_KINDS } from './vocabulary';
import { DAY_MS, spread, type Random } from './random';

/** Everything the seed creates, for 100,000 assets; other sizes scale these in proportion. */
const PER_100K = {
  sites: 60,
  buildings: 300,
  floors: 1_500,
  areas: 6_000,
  assessments: 20_000,
  actions: 50_000,
  meters: 1_500,
  readings: 150_000,
};

export type SeedCounts = typeof PER_100K & { regions: number; assets: number };

export function countsFor(assets: number): SeedCounts {
  const scale = (n: number, min: number) => Math.max(min, Math.round((n * assets) / 100_000));
  const sites = scale(PER_100K.sites, 2);
  const buildings = scale(PER_100K.buildings, sites);
  const floors = scale(PER_100K.floors, buildings);
  const areas = scale(PER_100K.areas, floors);
  const meters = scale(PER_100K.meters, 1);
  return {
    regions: Math.min(REGIONS.length, sites),
    sites,
    buildings,
    floors,
    areas,
    assets,
    assessments: scale(PER_100K.assessments, 1),
    actions: scale(PER_100K.actions, 1),
    meters,
    readings: scale(PER_100K.readings, meters),
  };
}

export interface SeedLocation {
  id: string;
  name: string;
  type: LocationType;
  parentId: string | null;
  code: string | null;
  description: string | null;
  gpsLat: string | null;
  gpsLon: string | null;
  metadata: Record<string, string>;
  path: string;
  ancestorIds: string[];
  createdAt: Date;
}

export interface Estate {
  all: SeedLocation[];
  sites: SeedLocation[];
  buildings: SeedLocation[];
  floors: SeedLocation[];
  areas: SeedLocation[];
}

export const LOCATION_COLUMNS = [
  'id', 'name', 'type', 'parent_id', 'code', 'description', 'gps_lat', 'gps_lon', 'metadata', 'path', 'ancestor_ids', 'created_at', 'updated_at',
] as const;

export function locationRow(l: SeedLocation): unknown[] {
  return [l.id, l.name, l.type, l.parentId, l.code, l.description, l.gpsLat, l.gpsLon, JSON.stringify(l.metadata), l.path, l.ancestorIds, l.createdAt, l.createdAt];
}

/** Names for `count` children: the list in order, then numbered ("Block 13") once it runs out. */
function childNames(list: readonly string[], count: number, fallback: (n: number) => string): string[] {
  return Array.from({ length: count }, (_, i) => (i < list.length ? list[i]! : fallback(i + 1)));
}

/**
 * The location tree: organisation → regions → sites → buildings → floors → areas, with each row's
 * path and ancestor ids computed here exactly as the app computes them on create. Created a little
 * over two years ago, before any asset.
 */
export function buildEstate(random: Random, counts: SeedCounts, start: number): Estate {
  const all: SeedLocation[] = [];
  const at = (offsetMs: number) => new Date(start - 30 * DAY_MS + Math.floor(offsetMs));
  const add = (name: string, type: LocationType, parent: SeedLocation | null, extra: Partial<SeedLocation> = {}): SeedLocation => {
    const location: SeedLocation = {
      id: random.uuid(),
      name,
      type,
      parentId: parent?.id ?? null,
      code: null,
      description: null,
      gpsLat: null,
      gpsLon: null,
      metadata: {},
      path: parent ? `${parent.path}${LOCATION_PATH_SEPARATOR}${name}` : name,
      ancestorIds: parent ? [...parent.ancestorIds, parent.id] : [],
      createdAt: at(all.length * 200),
      ...extra,
    };
    all.push(location);
    return location;
  };

  const organisation = add(ORGANISATION, 'organisation', null, { code: 'NPG', description: 'Commercial property portfolio' });
  const regions = REGIONS.slice(0, counts.regions).map((r) => add(r.name, 'region', organisation));
  const sites: SeedLocation[] = [];
  const usedSiteNames = new Set<string>();
  spread(random, counts.sites, regions.length).forEach((siteCount, r) => {
    const { cities } = REGIONS[r]!;
    for (let i = 0; i < siteCount; i++) {
      const city = cities[i % cities.length]!;
      let name = `${city} ${random.pick(SITE_KINDS)}`;
      for (let n = 2; usedSiteNames.has(name); n++) name = `${city} ${SITE_KINDS[n % SITE_KINDS.length]} ${n}`;
      usedSiteNames.add(name);
      const [lat, lon] = REGION_GPS[r]!;
      sites.push(
        add(name, 'site', regions[r]!, {
          code: `${city.slice(0, 3).toUpperCase()}-${String(sites.length + 1).padStart(3, '0')}`,
          gpsLat: (lat + (random.float() - 0.5)).toFixed(6),
          gpsLon: (lon + (random.float() - 0.5)).toFixed(6),
          metadata: { Tenure: random.pick(['Freehold', 'Leasehold']), 'Opening hours': random.pick(['07:00–19:00', '24/7', '08:00–18:00']) },
        }),
      );
    }
  });

  const buildings: SeedLocation[] = [];
  spread(random, counts.buildings, sites.length).forEach((count, s) => {
    const site = sites[s]!;
    childNames(BUILDING_NAMES, count, (n) => `Block ${n}`).forEach((name, i) =>
      buildings.push(add(name, 'building', site, { code: `${site.code}-${String.fromCharCode(65 + (i % 26))}${i >= 26 ? i : ''}` })),
    );
  });

  const floors: SeedLocation[] = [];
  spread(random, counts.floors, buildings.length).forEach((count, b) => {
    childNames(FLOOR_NAMES, count, (n) => `Floor ${n}`).forEach((name) => floors.push(add(name, 'floor', buildings[b]!)));
  });

  const areas: SeedLocation[] = [];
  spread(random, counts.areas, floors.length).forEach((count, f) => {
    // Each floor gets a different selection of rooms.
    const offset = random.int(0, AREA_NAMES.length - 1);
    const rotated = [...AREA_NAMES.slice(offset), ...AREA_NAMES.slice(0, offset)];
    childNames(rotated, count, (n) => `Room ${n}`).forEach((name) => areas.push(add(name, 'area', floors[f]!)));
  });

  return { all, sites, buildings, floors, areas };
}
