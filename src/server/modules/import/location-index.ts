import crypto from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { NewLocationNode } from '../../../shared/contract/imports';
import { canNest, LOCATION_PATH_SEPARATOR, LOCATION_TYPE_LABELS, type LocationType } from '../../../shared/domain/locations';
import { levelBelow, locationNameKey } from '../../../shared/domain/imports';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/actor';
import { locations } from '../../db/schema';

/**
 * The location tree as an import sees it (ADR 029): every location by its parent and name (matched
 * case-insensitively within the parent, never across the tree), and the new ones the file's paths
 * add. New locations get their id here, so the dry run can validate rows against them and the
 * commit inserts them under the same ids.
 */

export interface IndexedLocation {
  id: string;
  name: string;
  type: LocationType;
  path: string;
  ancestorIds: string[];
  parentId: string | null;
  isNew: boolean;
}

/** One level of a row's location: its name, and its level when a per-level column gave it. */
export interface LocationSegment {
  name: string;
  type?: LocationType;
}

export type Resolution = { location: IndexedLocation; pending: IndexedLocation[] } | { error: string };

const childKey = (parentId: string | null, name: string) => `${parentId ?? ''}|${locationNameKey(name)}`;

export async function loadLocationIndex(db: Db | Tx) {
  const rows = await db
    .select({ id: locations.id, name: locations.name, type: locations.type, path: locations.path, ancestorIds: locations.ancestorIds, parentId: locations.parentId })
    .from(locations)
    .orderBy(asc(locations.path));
  const byChild = new Map<string, IndexedLocation>();
  for (const row of rows) {
    const key = childKey(row.parentId, row.name);
    // Two siblings of the same name (made before imports existed): the first by path answers.
    if (!byChild.has(key)) byChild.set(key, { ...row, isNew: false });
  }
  const created: IndexedLocation[] = [];

  return {
    /**
     * The location a row's segments name, and the new locations it needs (parents first), without
     * adding them: a row in error must not add to the tree the user approves.
     */
    resolve(segments: LocationSegment[]): Resolution {
      let parent = null as IndexedLocation | null;
      const pending: IndexedLocation[] = [];
      for (const segment of segments) {
        const found: IndexedLocation | undefined = pending.length === 0 ? byChild.get(childKey(parent?.id ?? null, segment.name)) : undefined;
        if (found) {
          parent = found;
          continue;
        }
        const type = segment.type ?? levelBelow(parent?.type ?? null, segments.length);
        if (!type) return { error: `"${segment.name}" would go below an area, the lowest level` };
        if (parent && !canNest(parent.type, type)) {
          return { error: `a ${LOCATION_TYPE_LABELS[type].toLowerCase()} ("${segment.name}") cannot go under a ${LOCATION_TYPE_LABELS[parent.type].toLowerCase()} ("${parent.name}")` };
        }
        const name = segment.name.trim().replace(/\s+/g, ' ');
        const node: IndexedLocation = {
          id: crypto.randomUUID(),
          name,
          type,
          path: parent ? `${parent.path}${LOCATION_PATH_SEPARATOR}${name}` : name,
          ancestorIds: parent ? [...parent.ancestorIds, parent.id] : [],
          parentId: parent?.id ?? null,
          isNew: true,
        };
        pending.push(node);
        parent = node;
      }
      if (!parent) return { error: 'no location given' };
      return { location: parent, pending };
    },

    /** Adds a row's new locations to the tree (the next row naming them finds them). */
    adopt(pending: IndexedLocation[]): void {
      for (const node of pending) {
        byChild.set(childKey(node.parentId, node.name), node);
        created.push(node);
      }
    },

    /** Every new location, parents before children. */
    created(): readonly IndexedLocation[] {
      return created;
    },
  };
}
export type LocationIndex = Awaited<ReturnType<typeof loadLocationIndex>>;

/** The new locations as a tree under their existing parents, for the user to approve. */
export function newLocationTree(created: readonly IndexedLocation[]): NewLocationNode[] {
  const nodes = new Map<string, NewLocationNode>();
  const roots: NewLocationNode[] = [];
  for (const location of created) {
    const node: NewLocationNode = { name: location.name, type: location.type, parentPath: null, children: [] };
    nodes.set(location.id, node);
    const parent = location.parentId ? nodes.get(location.parentId) : undefined;
    if (parent) parent.children.push(node);
    else {
      node.parentPath = location.parentId ? location.path.slice(0, -(LOCATION_PATH_SEPARATOR.length + location.name.length)) : null;
      roots.push(node);
    }
  }
  return roots;
}

/** What the commit compares with the approved tree: each new location's path and level, sorted. */
export function newLocationsKey(created: readonly IndexedLocation[]): string {
  const lines = created.map((l) => `${l.type}\t${locationNameKey(l.path)}`).sort();
  return crypto.createHash('sha256').update(lines.join('\n')).digest('hex');
}
