import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { complianceRegimes, locationComplianceCounts, locations } from '../../db/schema';
import { COMPLIANCE_ROWS_MAX, type ComplianceSummary, type StatusCounts } from '../../../shared/contract/compliance';
import { OBLIGATION_STATUSES, worstStatus, type ObligationStatus } from '../../../shared/domain/compliance/obligation-status';
import type { RegimeCategory } from '../../../shared/domain/compliance/regimes';

/**
 * The /compliance figures (ADR 025), summed from the counts kept per location
 * (location_compliance_counts: each location's rows count its whole subtree), so the estate costs
 * what a room does: the scope's counts per status and a matrix of its children × regimes.
 */

export interface SummaryFilter {
  locationId?: string;
  category?: RegimeCategory;
  regimeId?: string;
}

type Place = ComplianceSummary['location'] & {};
type CountRow = { locationId: string; regimeId: string; status: ObligationStatus; n: number };

const placeColumns = { id: locations.id, name: locations.name, path: locations.path, type: locations.type };

const noCounts = (): StatusCounts => Object.fromEntries(OBLIGATION_STATUSES.map((s) => [s, 0])) as StatusCounts;

/** Counts per status of the rows, and the worst status among those with any. */
function tally(rows: CountRow[]): { counts: StatusCounts; worst: ObligationStatus | null } {
  const counts = noCounts();
  for (const row of rows) counts[row.status] += row.n;
  return { counts, worst: worstStatus(OBLIGATION_STATUSES.filter((s) => counts[s] > 0)) };
}

export function complianceSummaryRepo(db: Db) {
  /** The kept counts of these locations, for the regimes the filter leaves (each key's slots summed). */
  const countsOf = async (locationIds: string[], filter: SummaryFilter): Promise<CountRow[]> => {
    if (locationIds.length === 0) return [];
    const regimes: SQL[] = [];
    if (filter.regimeId) regimes.push(eq(locationComplianceCounts.regimeId, filter.regimeId));
    if (filter.category) {
      regimes.push(inArray(locationComplianceCounts.regimeId, db.select({ id: complianceRegimes.id }).from(complianceRegimes).where(eq(complianceRegimes.category, filter.category))));
    }
    const { locationId, regimeId, status, n } = locationComplianceCounts;
    return db
      .select({ locationId, regimeId, status, n: sql<number>`sum(${n})::int` })
      .from(locationComplianceCounts)
      .where(and(inArray(locationId, locationIds), ...regimes))
      .groupBy(locationId, regimeId, status)
      .having(sql`sum(${n}) <> 0`);
  };

  return {
    /**
     * The summary of `filter.locationId`'s subtree; without one, of the user's areas (`areaRoots`)
     * or of the whole estate. Undefined when the location does not exist.
     */
    async summary(filter: SummaryFilter, areaRoots: string[] | null): Promise<ComplianceSummary | undefined> {
      let node: Place | null = null;
      let children: Place[];
      if (filter.locationId) {
        const [found] = await db.select(placeColumns).from(locations).where(eq(locations.id, filter.locationId)).limit(1);
        if (!found) return undefined;
        node = found;
        children = await db.select(placeColumns).from(locations).where(eq(locations.parentId, node.id)).orderBy(asc(locations.path), asc(locations.id)).limit(COMPLIANCE_ROWS_MAX + 1);
      } else {
        const where = areaRoots ? inArray(locations.id, areaRoots) : isNull(locations.parentId);
        children = await db.select(placeColumns).from(locations).where(where).orderBy(asc(locations.path), asc(locations.id)).limit(COMPLIANCE_ROWS_MAX + 1);
      }
      const rowsTruncated = children.length > COMPLIANCE_ROWS_MAX;
      children = children.slice(0, COMPLIANCE_ROWS_MAX);

      const counted = await countsOf([...(node ? [node.id] : []), ...children.map((c) => c.id)], filter);
      const byLocation = new Map<string, CountRow[]>();
      for (const row of counted) byLocation.set(row.locationId, [...(byLocation.get(row.locationId) ?? []), row]);
      // The scope's total: the chosen location's own rows, or the sum of its top rows (every
      // child when the list is whole; roots never lie inside one another).
      const scopeRows = node ? (byLocation.get(node.id) ?? []) : children.flatMap((c) => byLocation.get(c.id) ?? []);

      const regimeIds = [...new Set(scopeRows.map((r) => r.regimeId))];
      const regimes = regimeIds.length
        ? await db
            .select({ id: complianceRegimes.id, key: complianceRegimes.key, name: complianceRegimes.name, category: complianceRegimes.category })
            .from(complianceRegimes)
            .where(inArray(complianceRegimes.id, regimeIds))
            .orderBy(asc(complianceRegimes.category), asc(complianceRegimes.name))
        : [];

      const rowOf = (location: Place, rows: CountRow[], own: boolean) => ({
        location,
        own,
        ...tally(rows),
        cells: regimes.flatMap((regime) => {
          const cell = rows.filter((r) => r.regimeId === regime.id);
          if (cell.length === 0) return [];
          const { counts, worst } = tally(cell);
          return [{ regimeId: regime.id, counts, worst: worst! }];
        }),
      });
      const rows = children.map((child) => rowOf(child, byLocation.get(child.id) ?? [], false));
      if (node && !rowsTruncated) {
        // The chosen location's own obligations: its subtree's less its children's.
        const own = new Map(scopeRows.map((r) => [`${r.regimeId} ${r.status}`, { ...r }]));
        for (const child of children) for (const r of byLocation.get(child.id) ?? []) own.get(`${r.regimeId} ${r.status}`)!.n -= r.n;
        const left = [...own.values()].filter((r) => r.n !== 0);
        if (left.length > 0) rows.unshift(rowOf(node, left, true));
      }
      return { location: node, counts: tally(scopeRows).counts, regimes, rows, rowsTruncated };
    },
  };
}
