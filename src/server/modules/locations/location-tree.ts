import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inAreas } from '../../policy/areas';
import { LOCATION_TREE_NODES_MAX, type LocationNode, type LocationTree } from '../../../shared/contract/locations';
import type { StatusCounts } from '../../../shared/contract/compliance';
import { DONE_ACTION_STATUSES } from '../../../shared/domain/actions';
import { OBLIGATION_STATUSES, worstStatus, type ObligationStatus } from '../../../shared/domain/compliance/obligation-status';
import type { LocationType } from '../../../shared/domain/locations';

/**
 * The navigable location tree (Locations page, location pages): a node's children, each with the
 * roll-up of its whole subtree. Every figure comes from the counts kept per location
 * (location_asset_counts, location_action_counts, location_compliance_counts: each location's rows
 * count everything below it), so a region's roll-up costs what a room's does.
 */

interface NodeRow extends Record<string, unknown> {
  id: string;
  name: string;
  type: LocationType;
  code: string | null;
  path: string;
  ancestor_ids: string[];
  child_count: number;
  asset_count: number;
  outstanding_actions: number;
  compliance: Partial<Record<ObligationStatus, number>> | null;
}

const DONE_STATUSES = sql.join(
  DONE_ACTION_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** The locations `where` picks, path order, each with its subtree's figures. */
const nodesWhere = (where: SQL, limit: number) => sql`
  SELECT l.id, l.name, l.type, l.code, l.path, l.ancestor_ids,
         (SELECT count(*) FROM locations c WHERE c.parent_id = l.id)::int AS child_count,
         (SELECT coalesce(sum(n), 0) FROM location_asset_counts a WHERE a.location_id = l.id)::int AS asset_count,
         (SELECT coalesce(sum(n), 0) FROM location_action_counts a
           WHERE a.location_id = l.id AND a.status NOT IN (${DONE_STATUSES}))::int AS outstanding_actions,
         (SELECT json_object_agg(status, total) FROM (
            SELECT status, sum(n)::int AS total FROM location_compliance_counts o
            WHERE o.location_id = l.id GROUP BY status HAVING sum(n) <> 0) AS s) AS compliance
  FROM locations l
  WHERE ${where}
  ORDER BY l.path, l.id
  LIMIT ${limit}`;

function toNode(row: NodeRow): LocationNode {
  const counts = Object.fromEntries(OBLIGATION_STATUSES.map((s) => [s, row.compliance?.[s] ?? 0])) as StatusCounts;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    code: row.code,
    path: row.path,
    childCount: row.child_count,
    assetCount: row.asset_count,
    outstandingActions: row.outstanding_actions,
    compliance: { worst: worstStatus(OBLIGATION_STATUSES.filter((s) => counts[s] > 0)), counts },
  };
}

export function locationTreeRepo(db: Db) {
  const nodes = async (where: SQL, limit: number) => (await db.execute<NodeRow>(nodesWhere(where, limit))).rows;

  return {
    /**
     * The children of `parentId` with the node and its ancestors; without one, the top of the
     * user's tree: their area roots, or the estate's top-level locations. Undefined when the node
     * does not exist (the route has already refused one outside the user's areas).
     */
    async tree(parentId: string | undefined, areaRoots: string[] | null): Promise<LocationTree | undefined> {
      let node: NodeRow | undefined;
      let childrenWhere: SQL;
      if (parentId) {
        [node] = await nodes(sql`l.id = ${parentId}`, 1);
        if (!node) return undefined;
        childrenWhere = sql`l.parent_id = ${parentId}`;
      } else {
        childrenWhere = areaRoots ? sql`l.id = ANY(${sql.param(areaRoots)}::uuid[])` : sql`l.parent_id IS NULL`;
      }
      const children = await nodes(childrenWhere, LOCATION_TREE_NODES_MAX + 1);

      // The trail from the top: for an area manager it starts at their area root.
      const ancestors =
        node && node.ancestor_ids.length > 0
          ? (
              await db.execute<{ id: string; name: string; type: LocationType }>(sql`
                SELECT l.id, l.name, l.type FROM locations l
                WHERE l.id = ANY(${sql.param(node.ancestor_ids)}::uuid[]) AND ${inAreas(sql`l.id`, areaRoots)}
                ORDER by cardinality(l.ancestor_ids)`)
            ).rows
          : [];

      return {
        node: node ? toNode(node) : null,
        ancestors: ancestors.map(({ id, name, type }) => ({ id, name, type })),
        children: children.slice(0, LOCATION_TREE_NODES_MAX).map(toNode),
        childrenTruncated: children.length > LOCATION_TREE_NODES_MAX,
      };
    },
  };
}
