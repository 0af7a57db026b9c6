import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assets, locations } from '../../db/schema';
import { inAreas } from '../../policy/areas';
import type { ScannedAsset, ScannedLocation } from '../../../shared/contract/scan';

const assetColumns = {
  id: assets.id,
  assetId: assets.assetId,
  type: assets.type,
  description: assets.description,
  locationId: assets.locationId,
  locationPath: assets.locationPath,
};

/**
 * Look-ups for a scanned code (ADR 027), each within the user's areas (null: the whole estate), so
 * an area manager learns nothing of a record outside them. Every look-up reads one row through a
 * unique or plain index (assets_asset_id_key, assets_client_asset_id_key, assets_barcode_idx,
 * the locations' primary key).
 */
export function scanRepo(db: Db) {
  const firstAsset = async (match: SQL, order: SQL[], areaRoots: string[] | null): Promise<ScannedAsset | undefined> => {
    const [row] = await db
      .select(assetColumns)
      .from(assets)
      .where(and(match, inAreas(assets.locationId, areaRoots)))
      .orderBy(...order)
      .limit(1);
    return row;
  };

  return {
    /** The asset whose assetId is `assetId` (as written, or in capitals: asset codes are typed by hand). */
    assetByAssetId(assetId: string, areaRoots: string[] | null): Promise<ScannedAsset | undefined> {
      return firstAsset(or(eq(assets.assetId, assetId), eq(assets.assetId, assetId.toUpperCase()))!, [asc(assets.assetId)], areaRoots);
    },

    /**
     * The asset a code names: its assetId first, then its clientAssetId (both unique), then its
     * barcode. Barcodes are not unique (two assets can carry the same maker's code): the newest wins.
     */
    async assetByCode(code: string, areaRoots: string[] | null): Promise<ScannedAsset | undefined> {
      return (
        (await this.assetByAssetId(code, areaRoots)) ??
        (await firstAsset(eq(assets.clientAssetId, code), [asc(assets.id)], areaRoots)) ??
        (await firstAsset(eq(assets.barcode, code), [desc(assets.createdAt), desc(assets.id)], areaRoots))
      );
    },

    async location(id: string, areaRoots: string[] | null): Promise<ScannedLocation | undefined> {
      const [row] = await db
        .select({ id: locations.id, name: locations.name, type: locations.type, path: locations.path })
        .from(locations)
        .where(and(eq(locations.id, sql`${id}::uuid`), inAreas(locations.id, areaRoots)));
      return row;
    },
  };
}
