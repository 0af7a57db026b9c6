/** Asset vocabularies (spec §2, §3, §9) and the lifecycle statuses the spec leaves open (docs/decisions/004). */
export const ASSET_TYPES = ['fire_door', 'hvac', 'pc', 'monitor', 'printer', 'meter', 'roof', 'other'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];
export const ASSET_TYPE_LABELS: Record<AssetType, string> = {
  fire_door: 'Fire door',
  hvac: 'HVAC',
  pc: 'PC',
  monitor: 'Monitor',
  printer: 'Printer',
  meter: 'Meter',
  roof: 'Roof',
  other: 'Other',
};

export const CONDITIONS = ['excellent', 'good', 'fair', 'poor', 'unsafe'] as const;
export type Condition = (typeof CONDITIONS)[number];
export const CONDITION_LABELS: Record<Condition, string> = {
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
  unsafe: 'Unsafe',
};
/** Conditions the dashboard counts as "Needs Attention" (spec §2: poor or unsafe). */
export const NEEDS_ATTENTION_CONDITIONS: readonly Condition[] = ['poor', 'unsafe'];

export const ASSET_STATUSES = ['draft', 'active', 'under_repair', 'decommissioned', 'disposed'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];
export const ASSET_STATUS_LABELS: Record<AssetStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  under_repair: 'Under repair',
  decommissioned: 'Decommissioned',
  disposed: 'Disposed',
};

export const COMPLIANCE_VALUES = ['yes', 'no', 'na'] as const;
export type ComplianceValue = (typeof COMPLIANCE_VALUES)[number];
export const COMPLIANCE_LABELS: Record<ComplianceValue, string> = { yes: 'Compliant', no: 'Non-compliant', na: 'N/A' };

/** The four compliance fields, in display order. */
export const COMPLIANCE_FIELDS = [
  { key: 'complianceFire', label: 'Fire' },
  { key: 'complianceElectrical', label: 'Electrical' },
  { key: 'complianceLoler', label: 'LOLER (lifting equipment)' },
  { key: 'complianceHygiene', label: 'Hygiene' },
] as const;

export const ASSET_DEFAULTS = {
  type: 'other',
  condition: 'good',
  status: 'draft',
  compliance: 'na',
} as const satisfies { type: AssetType; condition: Condition; status: AssetStatus; compliance: ComplianceValue };

/** Asset list: skeleton cards while loading (spec §9) and the page size the list asks for. */
export const ASSET_LIST_SKELETONS = 6;
export const LIST_PAGE_SIZE = 50;
export const LIST_MAX_LIMIT = 200;
