import { z } from 'zod';
import {
  ASSET_DEFAULTS,
  ASSET_STATUSES,
  ASSET_TYPES,
  COMPLIANCE_VALUES,
  CONDITIONS,
  CODE_MAX,
  NOTES_MAX,
  SHORT_TEXT_MAX,
} from '../domain';
import { cursorParam, filterOf, jsonObjectField, jsonObjectValue, limitParam, optionalDate, optionalText, searchParam } from './common';

const complianceValue = z.enum(COMPLIANCE_VALUES, { error: 'Choose yes, no or N/A' });
const compliance = complianceValue.default(ASSET_DEFAULTS.compliance);
const assetStatus = z.enum(ASSET_STATUSES, { error: 'Choose a status' });
const customFields = jsonObjectField('Custom fields');

/**
 * POST /api/assets. The spec's client also sends locationPath, photoUrls and createdBy: they are
 * dropped here; the server sets them (path from the location, creator from the session).
 */
export const createAssetSchema = z.object({
  locationId: z.uuid({ error: 'Location is required' }),
  type: z.enum(ASSET_TYPES, { error: 'Type is required' }),
  condition: z.enum(CONDITIONS, { error: 'Condition is required' }),
  subtype: optionalText(SHORT_TEXT_MAX, 'Subtype'),
  make: optionalText(SHORT_TEXT_MAX, 'Make'),
  model: optionalText(SHORT_TEXT_MAX, 'Model'),
  serial: optionalText(SHORT_TEXT_MAX, 'Serial'),
  description: optionalText(NOTES_MAX, 'Description'),
  installDate: optionalDate('Install date'),
  warrantyExpiry: optionalDate('Warranty expiry'),
  conditionNotes: optionalText(NOTES_MAX, 'Condition notes'),
  complianceFire: compliance,
  complianceElectrical: compliance,
  complianceLoler: compliance,
  complianceHygiene: compliance,
  barcode: optionalText(CODE_MAX, 'Barcode'),
  customFields: customFields.default({}),
  status: assetStatus.default(ASSET_DEFAULTS.status),
  /** Idempotency key from a field device: the same value twice creates one asset and returns it. */
  clientAssetId: optionalText(CODE_MAX, 'Client asset id'),
});
export type CreateAssetInput = z.input<typeof createAssetSchema>;

/**
 * PATCH /api/assets/{id}: any subset of the same fields (the idempotency key cannot change). The
 * defaulted fields are redeclared without defaults: zod applies a default inside .partial(), so an
 * absent field would otherwise reset the stored value (status to draft, compliance to na).
 */
export const updateAssetSchema = createAssetSchema
  .omit({ clientAssetId: true })
  .extend({
    complianceFire: complianceValue,
    complianceElectrical: complianceValue,
    complianceLoler: complianceValue,
    complianceHygiene: complianceValue,
    customFields,
    status: assetStatus,
  })
  .partial();
export type UpdateAssetInput = z.input<typeof updateAssetSchema>;

export const assetSchema = z.object({
  id: z.string(),
  assetId: z.string(),
  clientAssetId: z.string().nullable(),
  type: z.enum(ASSET_TYPES),
  subtype: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  serial: z.string().nullable(),
  description: z.string().nullable(),
  locationId: z.string(),
  locationPath: z.string(),
  installDate: z.string().nullable(),
  warrantyExpiry: z.string().nullable(),
  condition: z.enum(CONDITIONS),
  conditionNotes: z.string().nullable(),
  complianceFire: z.enum(COMPLIANCE_VALUES),
  complianceElectrical: z.enum(COMPLIANCE_VALUES),
  complianceLoler: z.enum(COMPLIANCE_VALUES),
  complianceHygiene: z.enum(COMPLIANCE_VALUES),
  qrCode: z.string().nullable(),
  barcode: z.string().nullable(),
  customFields: jsonObjectValue,
  photoUrls: z.array(z.string()),
  status: z.enum(ASSET_STATUSES),
  createdBy: z.string(),
  /** The creator's full name, for display. */
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;

/**
 * An edit made against an older version (ADR 028): PATCH /api/assets/{id} with `If-Match: "<updatedAt>"`
 * of the version the editor saw answers 412 with the asset as it is now, and changes nothing.
 */
export const ASSET_CHANGED_MESSAGE = 'This asset was changed by someone else after you opened it';
export const IF_MATCH_INVALID_MESSAGE = 'If-Match must be the asset\'s updatedAt in double quotes, e.g. "2026-11-27T09:00:00.000Z"';
export const assetConflictSchema = z.object({ message: z.string(), current: assetSchema });
export type AssetConflict = z.infer<typeof assetConflictSchema>;

/** The version an If-Match header names (`"<updatedAt>"`, weak or not), or null when it names none. */
export function versionFromIfMatch(header: string): Date | null {
  const match = /^(?:W\/)?"([^"]{1,40})"$/.exec(header.trim());
  const date = match ? new Date(match[1]!) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** A row of the asset list: what the cards show (spec §2) and no more. */
export const assetListItemSchema = assetSchema.pick({
  id: true,
  assetId: true,
  type: true,
  make: true,
  model: true,
  serial: true,
  condition: true,
  status: true,
  locationId: true,
  locationPath: true,
  createdAt: true,
});
export type AssetListItem = z.infer<typeof assetListItemSchema>;

/**
 * GET /api/assets: newest first, `limit` rows (default 50, max 200). When more rows exist the
 * response carries an `x-next-cursor` header; pass it back as `cursor` for the next page.
 * `locationId` includes everything inside that location.
 */
export const listAssetsQuery = z.object({
  limit: limitParam,
  cursor: cursorParam,
  search: searchParam,
  condition: filterOf(CONDITIONS),
  type: filterOf(ASSET_TYPES),
  status: filterOf(ASSET_STATUSES),
  locationId: z.uuid('locationId must be a location id').optional(),
});
export type ListAssetsQuery = z.input<typeof listAssetsQuery>;
