import { assets } from '../../db/schema';
import { assetListItemSchema, assetSchema } from '../../../shared/contract/assets';
import { defineResource } from '../../resource';
import { assetSource } from './list-columns';
import { assetRegister, conditionSummary } from './asset-reports';

/** Assets: the register itself (spec §2 Assets). */
export const assetsResource = defineResource({
  name: 'assets',
  routes: async () => (await import('./assets.routes')).assetsRoutes,
  api: {
    description: "The asset register and each asset's history",
    segments: ['assets'],
    schemas: [
      [assetSchema, 'Asset'],
      [assetListItemSchema, 'AssetListItem'],
    ],
  },
  audited: [
    {
      table: assets,
      entity: 'asset',
      subjectColumn: 'asset_id',
      references: { location_id: 'location' },
      referencedAs: { kind: 'asset', name: assets.assetId },
    },
  ],
  search: { list: 'assets', source: assetSource, id: assets.id, place: assets },
  reports: { asset_register: assetRegister, condition_summary: conditionSummary },
});
