/**
 * Statutory compliance regimes: the vocabularies and the UK catalogue an organisation's regimes are
 * seeded from (docs: FEATURE-NOTES "A. Compliance regimes and PPM"). The catalogue follows law and
 * guidance in England and Wales; Scotland and Northern Ireland differ in places (e.g. Fire (Scotland)
 * Act 2005), which is one reason organisations can edit their copy.
 */
import type { AssetType } from '../assets';
import { ASSET_TYPES } from '../assets';
import type { LocationType } from '../locations';
import { LOCATION_TYPES } from '../locations';
import type { Interval } from './calendar-date';
import { isInterval, minIntervalDays } from './calendar-date';

export const REGIME_CATEGORIES = ['fire', 'electrical', 'lifting', 'water', 'gas', 'pressure', 'asbestos', 'environmental'] as const;
export type RegimeCategory = (typeof REGIME_CATEGORIES)[number];
export const REGIME_CATEGORY_LABELS: Record<RegimeCategory, string> = {
  fire: 'Fire safety',
  electrical: 'Electrical',
  lifting: 'Lifting equipment',
  water: 'Water hygiene',
  gas: 'Gas',
  pressure: 'Pressure systems',
  asbestos: 'Asbestos',
  environmental: 'Energy and environment',
};

/** How the next due date follows from the inspections (obligation-status.ts nextDueOn has the exact rules). */
export const ANCHOR_RULES = ['from_completion', 'fixed'] as const;
export type AnchorRule = (typeof ANCHOR_RULES)[number];
export const ANCHOR_RULE_LABELS: Record<AnchorRule, string> = {
  from_completion: 'From last completion',
  fixed: 'Fixed schedule',
};
export const ANCHOR_RULE_DESCRIPTIONS: Record<AnchorRule, string> = {
  from_completion: 'Next due is the actual completion date plus the interval, so the gap never exceeds the statutory maximum.',
  fixed: 'Due on a fixed cadence from a start date, whenever the last one was done; a skipped occurrence is recorded as missed.',
};

export const INSPECTION_RESULTS = ['pass', 'pass_with_observations', 'fail'] as const;
export type InspectionResult = (typeof INSPECTION_RESULTS)[number];
export const INSPECTION_RESULT_LABELS: Record<InspectionResult, string> = {
  pass: 'Pass',
  pass_with_observations: 'Pass with observations',
  fail: 'Fail',
};

/**
 * A value recorded with an inspection, e.g. a sentinel outlet temperature. Limits are half-open, the
 * way L8 states them (hot ≥ 50 °C, cold < 20 °C): a reading is within limits when min ≤ value < max.
 */
export interface ReadingDefinition {
  key: string;
  label: string;
  unit: string;
  /** Lowest acceptable value, inclusive. */
  min?: number;
  /** Acceptable values are below this, exclusive. */
  max?: number;
}

export function readingWithinLimits(definition: ReadingDefinition, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  if (definition.min !== undefined && value < definition.min) return false;
  if (definition.max !== undefined && value >= definition.max) return false;
  return true;
}

/** "≥ 50 °C", "< 20 °C", "≥ 1 and < 5 bar", or '' with no limits. */
export function readingLimitLabel(definition: ReadingDefinition): string {
  const unit = definition.unit ? ` ${definition.unit}` : '';
  const limits = [
    definition.min !== undefined ? `≥ ${definition.min}` : null,
    definition.max !== undefined ? `< ${definition.max}` : null,
  ].filter((limit) => limit !== null);
  return limits.length ? `${limits.join(' and ')}${unit}` : '';
}

/** A recorded reading the regime's definitions refuse, keyed by the reading's key for the form. */
export interface ReadingProblem {
  key: string;
  message: string;
}

/**
 * What is wrong with an inspection's readings, against its regime's definitions: a key the regime
 * does not define (a typo would otherwise be kept for good, since inspections are never edited), and
 * a reading outside its limits on anything but a fail: the limits are the legal ones (a sentinel
 * outlet below 50 °C is a legionella risk), so the result must be a fail, which raises the remedial
 * action. Readings are optional: a missing one is no problem.
 */
export function inspectionReadingProblems(
  definitions: readonly ReadingDefinition[],
  readings: Readonly<Record<string, number>>,
  result: InspectionResult,
): ReadingProblem[] {
  const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
  const problems: ReadingProblem[] = [];
  for (const [key, value] of Object.entries(readings)) {
    const definition = byKey.get(key);
    if (!definition) {
      problems.push({ key, message: definitions.length ? `Reading "${key}" is not one of this regime’s readings` : 'This regime records no readings' });
    } else if (result !== 'fail' && !readingWithinLimits(definition, value)) {
      const unit = definition.unit ? ` ${definition.unit}` : '';
      problems.push({
        key,
        message: `${definition.label} ${value}${unit} is outside its limit (${readingLimitLabel(definition)}), so the result is a fail`,
      });
    }
  }
  return problems;
}

export interface ComplianceRegime {
  /** Stable slug: seeded obligations and per-organisation copies refer to it, so it never changes. */
  key: string;
  name: string;
  category: RegimeCategory;
  interval: Interval;
  /** Days before the due date from which the obligation shows as due soon. */
  dueSoonDays: number;
  anchor: AnchorRule;
  /** An inspection is only evidence with a certificate or report attached. */
  certificateRequired: boolean;
  readings: readonly ReadingDefinition[];
  /** The law, standard or guidance that sets the duty and interval. */
  reference: string;
  /** Where the regime usually applies: suggestions when adding obligations, never a restriction. */
  appliesTo: { assetTypes: readonly AssetType[]; locationTypes: readonly LocationType[] };
  notes?: string;
}

/*
 * Due-soon windows: 2 days for weekly tests and 7 for monthly ones (a 30-day window would always be
 * showing), 90 days for certificates of 5 years or more (contractor and assessor lead times), 30 otherwise.
 */
export const UK_REGIME_CATALOGUE = [
  {
    key: 'fire_risk_assessment',
    name: 'Fire risk assessment review',
    category: 'fire',
    interval: { count: 1, unit: 'year' },
    dueSoonDays: 30,
    anchor: 'from_completion',
    certificateRequired: true,
    readings: [],
    reference: 'Regulatory Reform (Fire Safety) Order 2005, art. 9(3)',
    appliesTo: { assetTypes: [], locationTypes: ['site', 'building'] },
    notes: 'The Order says "regularly" and after any significant change; annual review is the accepted norm, more often where risk is higher.',
  },
  {
    key: 'fire_alarm_weekly_test',
    name: 'Fire alarm weekly test',
    category: 'fire',
    interval: { count: 1, unit: 'week' },
    dueSoonDays: 2,
    anchor: 'fixed',
    certificateRequired: false,
    readings: [],
    reference: 'BS 5839-1:2017 (user weekly test)',
    appliesTo: { assetTypes: [], locationTypes: ['building'] },
    notes: 'A different call point each week, at about the same time of day; record the call point in the notes.',
  },
  {
    key: 'fire_alarm_service',
    name: 'Fire alarm service',
    category: 'fire',
    interval: { count: 6, unit: 'month' },
    dueSoonDays: 30,
    anchor: 'from_completion',
    certificateRequired: true,
    readings: [],
    reference: 'BS 5839-1:2017 (periodic inspection and servicing)',
    appliesTo: { assetTypes: [], locationTypes: ['building'] },
  },
  {
    key: 'emergency_lighting_monthly_test',
    name: 'Emergency lighting monthly flick test',
    category: 'fire',
    interval: { count: 1, unit: 'month' },
    dueSoonDays: 7,
    anchor: 'fixed',
    certificateRequired: false,
    readings: [],
    reference: 'BS 5266-1:2016; BS EN 50172 (monthly functional test)',
    appliesTo: { assetTypes: [], locationTypes: ['building'] },
  },
  {
    key: 'emergency_lighting_annual_test',
    name: 'Emergency lighting annual full-duration test',
    category: 'fire',
    interval: { count: 1, unit: 'year' },
    dueSoonDays: 30,
    anchor: 'from_completion',
    certificateRequired: true,
    readings: [],
    reference: 'BS 5266-1:2016; BS EN 50172 (annual full rated duration test)',
    appliesTo: { assetTypes: [], locationTypes: ['building'] },
  },
  {
    // 6 months: for commercial premises the FRA sets the frequency; BS 8214:2016 recommends at least
    // six-monthly, which sits between the 2022 Regulations' quarterly (communal) and annual (flat entrance).
    key: 'fire_door_inspection',
    name: 'Fire door inspection',
    category: 'fire',
    interval: { count: 6, unit: 'month' },
    dueSoonDays: 30,
    anchor: 'from_completion',
    certificateRequired: false,
    readings: [],
    reference: 'Fire Safety (England) Regulations 2022, reg. 10; BS 8214:2016; frequency per the fire risk assessment',
    appliesTo: { assetTypes: ['fire_door'], locationTypes: [] },
    notes: 'Residential blocks over 11 m: communal doors every 3 months, flat entrance doors every 12 months. Set the interval the FRA gives.',
  },
  {
    key: 'fire_extinguisher_service',
    name: 'Fire extinguisher annual service',
    category: 'fire',
    interval: { count: 1, unit: 'year' },
    dueSoonDays: 30,
    anchor: 'from_completion',
    certificateRequired: true,
    readings: [],
    reference: 'BS 5306-3:2017',
    appliesTo: { assetTypes: [], locationTypes: ['building'] },
    notes: 'Monthly visual check by the occupier; extended service or discharge test every 5 years (CO₂ overhaul every 10).',
  },
  {
    key: 'eicr',
    name: 'Electrical installation condition report (EICR)',
    category: 'electrical',
    interval: { count: 5, unit: 'year' },
    dueSoonDays: 90,
    anchor: 'from_completion',
    certificateRequired: true,
    readings: [],
    reference: 'BS 7671 and IET Guidance Note 3; Electricity at Work Regulations 1989, reg. 4(2)',
    appliesTo: { assetTypes: [], locationTypes: ['building'] },
    notes: 'Commercial 5 years, industrial 3 years, and on change of occupancy. C1 or C2 observations make the result a fail.',
  },
  {
    key: 'pat',
    name: 'Portable appliance inspection and testing (PAT)',
    category: 'electrical',
    interval: { count: 24, unit: 'month' },
    dueSoonDays: 30,
    anchor: 'from_completion',
    certificateRequired: false,
    readings: [],
    reference: 'IET Code of Practice for In-service Inspection and Testing of Electrical Equipment; Electricity at Work Regulations 1989, reg. 4(2)',
    appliesTo: { assetTypes: ['pc', 'monitor', 'printer'], locationTypes: [] },
    notes: 'Risk-based: no fixed statutory interval. 24 months suits office IT; set shorter for equipment that is moved or used hard.',
  },
  {
    key: 'gas_safety',
    name: 'Gas safety inspection and service',
    category: 'gas',
    interval: { count: 1, unit: 'year' },
    dueSoonDays: 30,
    anchor: 'from_completion',
    certificateRequired: true,
    readings: [],
    reference: 'Gas Safety (Installation and Use) Regulations 1998, reg. 35',
    appliesTo: { assetTypes: ['hvac'], locationTypes: ['building'] },
    notes: 'Boilers, catering appliances and pipework, by a Gas Safe registered engineer. Let residential premises: reg. 36 safety check every 12 months.',
  },
  {
    key: 'loler_people_accessories',
    name: 'LOLER thorough examination (people lifting and accessories)',
    category: 'lifting',
    interval: { count: 6, unit: 'month' },
    dueSoonDays: 30,
    anchor: 'from_completion',
    certificateRequired: true,
    readings: [],
    reference: 'Lifting Operations and Lifting Equipment Regulations 1998, reg. 9(3)(a)(i)',
    appliesTo: { assetTypes: [], locationTypes: ['building'] },
    notes: 'Passenger lifts, platform lifts, hoists and lifting accessories; or the interval in an examination scheme.',
  },
  {
    key: 'loler_equipment',
    name: 'LOLER thorough examination (other lifting equipment)',
    category: 'lifting',
    interval: { count: 12, unit: 'month' },
    dueSoonDays: 30,
    anchor: 'from_completion',
    certificateRequired: true,
    readings: [],
    reference: 'Lifting Operations and Lifting Equipment Regulations 1998, reg. 9(3)(a)(ii)',
    appliesTo: { assetTypes: [], locationTypes: ['building'] },
    notes: 'Goods lifts, cranes, forklifts and other lifting equipment; or the interval in an examination scheme.',
  },
  {
    key: 'pssr_examination',
    name: 'Pressure system examination',
    category: 'pressure',
    interval: { count: 14, unit: 'month' },
    dueSoonDays: 30,
    anchor: 'from_completion',
    certificateRequired: true,
    readings: [],
    reference: 'Pressure Systems Safety Regulations 2000, regs. 8–9 (written scheme of examination)',
    appliesTo: { assetTypes: [], locationTypes: ['building'] },
    notes: 'The competent person sets the interval in the written scheme; 14 months is a common default for air receivers. Override with the scheme’s interval.',
  },
  {
    key: 'legionella_risk_assessment',
    name: 'Legionella risk assessment review',
    category: 'water',
    interval: { count: 24, unit: 'month' },
    dueSoonDays: 30,
    anchor: 'from_completion',
    certificateRequired: true,
    readings: [],
    reference: 'HSE ACOP L8 (4th ed.); HSG274',
    appliesTo: { assetTypes: [], locationTypes: ['building'] },
    notes: 'L8 says review "regularly" and whenever the system or its use changes; 24 months is the usual practice.',
  },
  {
    key: 'legionella_sentinel_temperatures',
    name: 'Legionella monthly sentinel outlet temperatures',
    category: 'water',
    interval: { count: 1, unit: 'month' },
    dueSoonDays: 7,
    anchor: 'fixed',
    certificateRequired: false,
    readings: [
      { key: 'hot_sentinel_temperature', label: 'Hot sentinel outlet after 1 minute', unit: '°C', min: 50 },
      { key: 'cold_sentinel_temperature', label: 'Cold sentinel outlet after 2 minutes', unit: '°C', max: 20 },
    ],
    reference: 'HSE ACOP L8 (4th ed.); HSG274 Part 2',
    appliesTo: { assetTypes: [], locationTypes: ['building'] },
    notes: 'A reading outside its limit makes the result a fail. Calorifier flow (≥ 60 °C) and return (≥ 50 °C) are checked monthly too where fitted.',
  },
  {
    key: 'asbestos_reinspection',
    name: 'Asbestos re-inspection',
    category: 'asbestos',
    interval: { count: 1, unit: 'year' },
    dueSoonDays: 30,
    anchor: 'from_completion',
    certificateRequired: true,
    readings: [],
    reference: 'Control of Asbestos Regulations 2012, reg. 4',
    appliesTo: { assetTypes: [], locationTypes: ['building'] },
    notes: 'After a management survey, re-inspect known or presumed ACMs at least every 12 months. Mark N/A, with the reason, for buildings shown to be free of asbestos.',
  },
  {
    key: 'fgas_leak_check',
    name: 'F-gas leak check',
    category: 'environmental',
    interval: { count: 12, unit: 'month' },
    dueSoonDays: 30,
    anchor: 'from_completion',
    certificateRequired: false,
    readings: [],
    reference: 'GB F-gas Regulation (retained Regulation (EU) No 517/2014), art. 4',
    appliesTo: { assetTypes: ['hvac'], locationTypes: [] },
    notes: 'By charge in tonnes CO₂e: 5 to < 50 every 12 months, 50 to < 500 every 6, 500 or more every 3; double the interval with automatic leak detection. Set the interval for the system’s band.',
  },
  {
    key: 'tm44_inspection',
    name: 'Air-conditioning inspection (TM44)',
    category: 'environmental',
    interval: { count: 5, unit: 'year' },
    dueSoonDays: 90,
    anchor: 'from_completion',
    certificateRequired: true,
    readings: [],
    reference: 'Energy Performance of Buildings (England and Wales) Regulations 2012, Part 4; CIBSE TM44',
    appliesTo: { assetTypes: ['hvac'], locationTypes: ['building'] },
    notes: 'Air-conditioning systems with a total effective rated output over 12 kW in the building.',
  },
  {
    key: 'epc',
    name: 'Energy performance certificate (EPC)',
    category: 'environmental',
    interval: { count: 10, unit: 'year' },
    dueSoonDays: 90,
    anchor: 'from_completion',
    certificateRequired: true,
    readings: [],
    reference: 'Energy Performance of Buildings (England and Wales) Regulations 2012; MEES: Energy Efficiency (Private Rented Property) Regulations 2015',
    appliesTo: { assetTypes: [], locationTypes: ['building'] },
    notes: 'Needed to sell or let. MEES: a let building needs rating E or better.',
  },
  {
    key: 'dec',
    name: 'Display energy certificate (DEC)',
    category: 'environmental',
    interval: { count: 12, unit: 'month' },
    dueSoonDays: 30,
    anchor: 'from_completion',
    certificateRequired: true,
    readings: [],
    reference: 'Energy Performance of Buildings (England and Wales) Regulations 2012, reg. 14',
    appliesTo: { assetTypes: [], locationTypes: ['building'] },
    notes: 'Public-authority buildings over 250 m² frequently visited by the public: 12 months over 1,000 m², 10 years from 250 to 1,000 m². N/A for other buildings.',
  },
] as const satisfies readonly ComplianceRegime[];

export type UkRegimeKey = (typeof UK_REGIME_CATALOGUE)[number]['key'];
export const UK_REGIME_KEYS: readonly UkRegimeKey[] = UK_REGIME_CATALOGUE.map((regime) => regime.key);

export function findRegime(key: string, catalogue: readonly ComplianceRegime[] = UK_REGIME_CATALOGUE): ComplianceRegime | undefined {
  return catalogue.find((regime) => regime.key === key);
}

/**
 * The regimes that usually apply to an asset type or a location type (either matching is enough), in
 * catalogue order. Pass an organisation's own catalogue once it has one.
 */
export function suggestedRegimes(
  subject: { assetType?: AssetType; locationType?: LocationType },
  catalogue: readonly ComplianceRegime[] = UK_REGIME_CATALOGUE,
): ComplianceRegime[] {
  return catalogue.filter(
    (regime) =>
      (subject.assetType !== undefined && regime.appliesTo.assetTypes.includes(subject.assetType)) ||
      (subject.locationType !== undefined && regime.appliesTo.locationTypes.includes(subject.locationType)),
  );
}

const REGIME_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;

/**
 * What is wrong with a regime, as readable sentences; empty when it is sound. Run on the seeded
 * catalogue in tests and on an organisation's edits.
 */
export function regimeProblems(regime: ComplianceRegime): string[] {
  const problems: string[] = [];
  if (!REGIME_KEY_PATTERN.test(regime.key)) problems.push(`Key "${regime.key}" must be a lower-case slug (a–z, 0–9, _)`);
  if (!regime.name.trim()) problems.push('Name is required');
  if (!REGIME_CATEGORIES.includes(regime.category)) problems.push(`Unknown category "${regime.category}"`);
  if (!ANCHOR_RULES.includes(regime.anchor)) problems.push(`Unknown anchor rule "${regime.anchor}"`);
  if (!regime.reference.trim()) problems.push('Reference is required');
  if (!isInterval(regime.interval)) {
    problems.push('Interval must be a whole number of days, weeks, months or years');
  } else if (!Number.isInteger(regime.dueSoonDays) || regime.dueSoonDays < 0 || regime.dueSoonDays >= minIntervalDays(regime.interval)) {
    problems.push(`Due-soon days must be a whole number from 0 to ${minIntervalDays(regime.interval) - 1} (shorter than the interval)`);
  }
  const { assetTypes, locationTypes } = regime.appliesTo;
  if (assetTypes.length + locationTypes.length === 0) problems.push('Applies to no asset or location type');
  for (const type of assetTypes) if (!ASSET_TYPES.includes(type)) problems.push(`Unknown asset type "${type}"`);
  for (const type of locationTypes) if (!LOCATION_TYPES.includes(type)) problems.push(`Unknown location type "${type}"`);
  const readingKeys = new Set<string>();
  for (const reading of regime.readings) {
    if (!REGIME_KEY_PATTERN.test(reading.key)) problems.push(`Reading key "${reading.key}" must be a lower-case slug`);
    if (readingKeys.has(reading.key)) problems.push(`Reading key "${reading.key}" is repeated`);
    readingKeys.add(reading.key);
    if (!reading.label.trim()) problems.push(`Reading "${reading.key}" needs a label`);
    if (reading.min !== undefined && reading.max !== undefined && reading.min >= reading.max) {
      problems.push(`Reading "${reading.key}" has min ≥ max, so no value passes`);
    }
  }
  return problems;
}
