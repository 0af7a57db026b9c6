import { ASSET_TYPES, type AssetStatus, type AssetType, type ComplianceValue, type Condition } from '../../src/shared/domain/assets';
import type { BulkInserter } from './bulk-insert';
import type { Estate, SeedLocation } from './locations';
import { DAY_MS, increasingTimes, isoDate, type Random } from './random';
import { ASSET_VOCABULARY, CONDITION_WEIGHTS, DEFECTS, type MakeVocabulary } from './vocabulary';

export const ASSET_COLUMNS = [
  'id', 'asset_id', 'type', 'subtype', 'make', 'model', 'serial', 'description', 'location_id', 'location_path',
  'install_date', 'warranty_expiry', 'condition', 'condition_notes', 'compliance_fire', 'compliance_electrical',
  'compliance_loler', 'compliance_hygiene', 'barcode', 'custom_fields', 'status', 'created_by', 'created_at', 'updated_at',
] as const;

/** What later tables need to know about each asset, kept compact (a million assets fit easily). */
export interface AssetIndex {
  ids: string[];
  created: Float64Array;
  types: AssetType[];
  conditions: Condition[];
  /** Where each asset lies (its obligations lie there too). */
  locationIds: string[];
}

const TYPE_WEIGHTS = ASSET_TYPES.map((t) => [t, ASSET_VOCABULARY[t].weight] as const);
const ELECTRICAL: ReadonlySet<string> = new Set(['pc', 'monitor', 'printer', 'hvac', 'meter', 'Lift', 'Stairlift', 'Water boiler', 'Hand dryer']);

export const assetCode = (n: number) => `AST-${String(n).padStart(6, '0')}`;

/** Mostly compliant; an asset in poor shape is more often not. */
function compliance(random: Random, applies: boolean, condition: Condition): ComplianceValue {
  if (!applies) return 'na';
  const failRate = condition === 'unsafe' ? 0.5 : condition === 'poor' ? 0.25 : 0.05;
  return random.chance(failRate) ? 'no' : random.chance(0.03) ? 'na' : 'yes';
}

function status(random: Random, condition: Condition): AssetStatus {
  if ((condition === 'poor' || condition === 'unsafe') && random.chance(0.3)) return 'under_repair';
  return random.weighted([
    ['active', 86],
    ['draft', 5],
    ['under_repair', 3],
    ['decommissioned', 4],
    ['disposed', 2],
  ]);
}

function customFields(random: Random, type: AssetType, site: string, make: MakeVocabulary, createdAt: number): Record<string, string> {
  switch (type) {
    case 'pc':
      return random.chance(0.7) ? { Hostname: `${site}-PC-${random.digits(4)}`, 'Cost centre': `CC-${random.int(1000, 4999)}` } : {};
    case 'fire_door':
      return { Rating: make.models[0]!.includes('60') ? 'FD60' : 'FD30', 'Last drop test': isoDate(createdAt - random.int(30, 700) * DAY_MS) };
    case 'hvac':
      return { Refrigerant: random.pick(['R32', 'R410A']), 'F-gas certificate': `FG-${random.digits(6)}` };
    default:
      return random.chance(0.1) ? { 'Asset tag': `NPG-${random.digits(6)}` } : {};
  }
}

/** Where an asset of this type sits: roofs on buildings, everything else in an area. */
function placeFor(random: Random, type: AssetType, estate: Estate): SeedLocation {
  if (type === 'roof') return random.pick(estate.buildings);
  if (type === 'meter' && random.chance(0.5)) return random.pick(estate.floors);
  return random.pick(estate.areas);
}

/**
 * Streams `count` assets into the inserter, oldest first, with codes AST-000001… in creation order
 * and creation times over [start, now). Returns the compact index later tables link to.
 */
export async function insertAssets(
  inserter: BulkInserter,
  random: Random,
  options: { count: number; start: number; now: number; estate: Estate; pickUser: () => string },
): Promise<AssetIndex> {
  const { count, start, now, estate, pickUser } = options;
  const created = increasingTimes(random, count, start, now - 3_600_000);
  const index: AssetIndex = { ids: new Array<string>(count), created, types: new Array(count), conditions: new Array(count), locationIds: new Array<string>(count) };
  const siteCodeOf = new Map(estate.sites.map((s) => [s.id, s.code ?? 'NPG']));

  for (let i = 0; i < count; i++) {
    const type = random.weighted(TYPE_WEIGHTS);
    const vocabulary = ASSET_VOCABULARY[type];
    const make = random.weighted(vocabulary.makes.map((m) => [m, m.weight] as const));
    const subtype = make.subtype ?? random.pick(vocabulary.subtypes);
    const condition = random.weighted(CONDITION_WEIGHTS);
    const location = placeFor(random, type, estate);
    const createdAt = created[i]!;
    const installed = createdAt - random.int(30, 12 * 365) * DAY_MS;
    const hasWarranty = type !== 'roof' && type !== 'fire_door';
    const notes =
      condition === 'poor' || condition === 'unsafe'
        ? random.pick(DEFECTS[type]).description
        : condition === 'fair' && random.chance(0.3)
          ? 'General wear consistent with age'
          : null;
    const siteCode = siteCodeOf.get(location.ancestorIds[2] ?? '') ?? 'NPG';
    const updatedAt = random.chance(0.3) ? createdAt + Math.floor(random.float() * (now - createdAt)) : createdAt;
    const id = random.uuid();

    index.ids[i] = id;
    index.types[i] = type;
    index.conditions[i] = condition;
    index.locationIds[i] = location.id;
    await inserter.add([
      id,
      assetCode(i + 1),
      type,
      subtype,
      make.make,
      random.pick(make.models),
      `${make.serialPrefix}${random.alnum(make.serialLength)}`,
      make.description ?? random.pick(vocabulary.descriptions),
      location.id,
      location.path,
      isoDate(installed),
      hasWarranty ? isoDate(installed + random.int(1, 5) * 365 * DAY_MS) : null,
      condition,
      notes,
      compliance(random, type === 'fire_door' || subtype === 'Fire extinguisher' || subtype === 'Emergency light', condition),
      compliance(random, ELECTRICAL.has(type) || ELECTRICAL.has(subtype), condition),
      compliance(random, subtype === 'Lift' || subtype === 'Stairlift', condition),
      compliance(random, subtype === 'Water boiler' || type === 'hvac', condition),
      random.chance(0.6) ? `BC${random.digits(8)}` : null,
      JSON.stringify(customFields(random, type, siteCode, make, createdAt)),
      status(random, condition),
      pickUser(),
      new Date(createdAt),
      new Date(updatedAt),
    ]);
  }
  await inserter.flush();
  return index;
}
