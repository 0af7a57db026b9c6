import { describe, expect, it } from 'vitest';
import { ASSET_TYPES } from '../assets';
import { LOCATION_TYPES } from '../locations';
import { addInterval, daysBetween, minIntervalDays } from './calendar-date';
import {
  ANCHOR_RULE_DESCRIPTIONS,
  ANCHOR_RULE_LABELS,
  ANCHOR_RULES,
  type ComplianceRegime,
  type ReadingDefinition,
  findRegime,
  INSPECTION_RESULT_LABELS,
  INSPECTION_RESULTS,
  inspectionReadingProblems,
  readingLimitLabel,
  readingWithinLimits,
  REGIME_CATEGORIES,
  REGIME_CATEGORY_LABELS,
  regimeProblems,
  suggestedRegimes,
  UK_REGIME_CATALOGUE,
  UK_REGIME_KEYS,
} from './regimes';

const keys = (regimes: readonly ComplianceRegime[]) => regimes.map((regime) => regime.key);

describe('vocabularies', () => {
  it('label every value, in order', () => {
    expect(Object.keys(REGIME_CATEGORY_LABELS)).toEqual([...REGIME_CATEGORIES]);
    expect(Object.keys(ANCHOR_RULE_LABELS)).toEqual([...ANCHOR_RULES]);
    expect(Object.keys(ANCHOR_RULE_DESCRIPTIONS)).toEqual([...ANCHOR_RULES]);
    expect(Object.keys(INSPECTION_RESULT_LABELS)).toEqual([...INSPECTION_RESULTS]);
  });
});

describe('UK regime catalogue', () => {
  it.each(UK_REGIME_CATALOGUE.map((regime) => [regime.key, regime] as const))('%s is sound', (_key, regime) => {
    expect(regimeProblems(regime)).toEqual([]);
    expect(regime.reference.trim()).not.toBe('');
    expect(regime.dueSoonDays).toBeLessThan(minIntervalDays(regime.interval));
    // Check the due-soon window against a real cycle too: the shortest February-spanning one.
    expect(regime.dueSoonDays).toBeLessThan(daysBetween('2026-01-31', addInterval('2026-01-31', regime.interval)));
  });

  it('has unique keys', () => {
    expect(new Set(UK_REGIME_KEYS).size).toBe(UK_REGIME_CATALOGUE.length);
  });

  it('covers every category, and every category has a regime', () => {
    expect(new Set(UK_REGIME_CATALOGUE.map((regime) => regime.category))).toEqual(new Set(REGIME_CATEGORIES));
  });

  it.each([
    ['fire_risk_assessment', '1 year', 'from_completion', 30],
    ['fire_alarm_weekly_test', '1 week', 'fixed', 2],
    ['fire_alarm_service', '6 months', 'from_completion', 30],
    ['emergency_lighting_monthly_test', '1 month', 'fixed', 7],
    ['emergency_lighting_annual_test', '1 year', 'from_completion', 30],
    ['fire_door_inspection', '6 months', 'from_completion', 30],
    ['fire_extinguisher_service', '1 year', 'from_completion', 30],
    ['eicr', '5 years', 'from_completion', 90],
    ['pat', '24 months', 'from_completion', 30],
    ['gas_safety', '1 year', 'from_completion', 30],
    ['loler_people_accessories', '6 months', 'from_completion', 30],
    ['loler_equipment', '12 months', 'from_completion', 30],
    ['pssr_examination', '14 months', 'from_completion', 30],
    ['legionella_risk_assessment', '24 months', 'from_completion', 30],
    ['legionella_sentinel_temperatures', '1 month', 'fixed', 7],
    ['asbestos_reinspection', '1 year', 'from_completion', 30],
    ['fgas_leak_check', '12 months', 'from_completion', 30],
    ['tm44_inspection', '5 years', 'from_completion', 90],
    ['epc', '10 years', 'from_completion', 90],
    ['dec', '12 months', 'from_completion', 30],
  ])('%s: every %s, %s, due soon %i days ahead', (key, every, anchor, dueSoonDays) => {
    const regime = findRegime(key)!;
    expect(regime).toBeDefined();
    expect(`${regime.interval.count} ${regime.interval.unit}${regime.interval.count === 1 ? '' : 's'}`).toBe(every);
    expect(regime.anchor).toBe(anchor);
    expect(regime.dueSoonDays).toBe(dueSoonDays);
  });

  it('cites the statutory references', () => {
    expect(findRegime('fire_risk_assessment')!.reference).toContain('Regulatory Reform (Fire Safety) Order 2005');
    expect(findRegime('fire_alarm_service')!.reference).toContain('BS 5839-1');
    expect(findRegime('emergency_lighting_monthly_test')!.reference).toContain('BS 5266-1');
    expect(findRegime('fire_extinguisher_service')!.reference).toContain('BS 5306-3');
    expect(findRegime('eicr')!.reference).toContain('BS 7671');
    expect(findRegime('gas_safety')!.reference).toContain('reg. 35');
    expect(findRegime('loler_people_accessories')!.reference).toContain('reg. 9(3)');
    expect(findRegime('asbestos_reinspection')!.reference).toContain('Control of Asbestos Regulations 2012, reg. 4');
    expect(findRegime('legionella_sentinel_temperatures')!.reference).toContain('HSG274');
  });

  it('records sentinel temperatures with L8 limits', () => {
    const readings = findRegime('legionella_sentinel_temperatures')!.readings;
    expect(readings).toEqual([
      { key: 'hot_sentinel_temperature', label: 'Hot sentinel outlet after 1 minute', unit: '°C', min: 50 },
      { key: 'cold_sentinel_temperature', label: 'Cold sentinel outlet after 2 minutes', unit: '°C', max: 20 },
    ]);
  });

  it('asks for a certificate where a report or certificate is issued, not for routine user tests', () => {
    const withCertificate = UK_REGIME_CATALOGUE.filter((regime) => regime.certificateRequired).map((regime) => regime.key);
    expect(withCertificate).toContain('eicr');
    expect(withCertificate).toContain('gas_safety');
    expect(withCertificate).toContain('loler_people_accessories');
    expect(withCertificate).toContain('epc');
    expect(withCertificate).not.toContain('fire_alarm_weekly_test');
    expect(withCertificate).not.toContain('emergency_lighting_monthly_test');
    expect(withCertificate).not.toContain('legionella_sentinel_temperatures');
  });

  it('says in the notes that PAT and PSSR intervals are set elsewhere', () => {
    expect(findRegime('pat')!.notes).toMatch(/risk-based/i);
    expect(findRegime('pssr_examination')!.notes).toMatch(/written scheme/);
    expect(findRegime('fgas_leak_check')!.notes).toMatch(/CO₂e/);
  });

  it('finds nothing for an unknown key', () => {
    expect(findRegime('not_a_regime')).toBeUndefined();
  });
});

describe('suggestedRegimes', () => {
  it.each([
    [{ assetType: 'fire_door' }, ['fire_door_inspection']],
    [{ assetType: 'hvac' }, ['gas_safety', 'fgas_leak_check', 'tm44_inspection']],
    [{ assetType: 'pc' }, ['pat']],
    [{ assetType: 'printer' }, ['pat']],
    [{ assetType: 'roof' }, []],
    [{ assetType: 'other' }, []],
    [{ locationType: 'site' }, ['fire_risk_assessment']],
    [{ locationType: 'area' }, []],
    [{ locationType: 'organisation' }, []],
    [{}, []],
    [{ assetType: 'fire_door', locationType: 'site' }, ['fire_risk_assessment', 'fire_door_inspection']],
  ] as const)('%j → %j', (subject, expected) => {
    expect(keys(suggestedRegimes(subject))).toEqual(expected);
  });

  it('suggests the building-wide regimes for a building', () => {
    expect(keys(suggestedRegimes({ locationType: 'building' }))).toEqual([
      'fire_risk_assessment',
      'fire_alarm_weekly_test',
      'fire_alarm_service',
      'emergency_lighting_monthly_test',
      'emergency_lighting_annual_test',
      'fire_extinguisher_service',
      'eicr',
      'gas_safety',
      'loler_people_accessories',
      'loler_equipment',
      'pssr_examination',
      'legionella_risk_assessment',
      'legionella_sentinel_temperatures',
      'asbestos_reinspection',
      'tm44_inspection',
      'epc',
      'dec',
    ]);
  });

  it('suggests every regime for some asset or location type', () => {
    const suggested = new Set([
      ...ASSET_TYPES.flatMap((assetType) => keys(suggestedRegimes({ assetType }))),
      ...LOCATION_TYPES.flatMap((locationType) => keys(suggestedRegimes({ locationType }))),
    ]);
    expect(suggested).toEqual(new Set(UK_REGIME_KEYS));
  });

  it('reads an organisation catalogue when given one', () => {
    const own: ComplianceRegime = { ...findRegime('pat')!, key: 'pat_workshop', interval: { count: 3, unit: 'month' } };
    expect(keys(suggestedRegimes({ assetType: 'pc' }, [own]))).toEqual(['pat_workshop']);
  });
});

describe('readings', () => {
  const hot = { key: 'hot', label: 'Hot', unit: '°C', min: 50 };
  const cold = { key: 'cold', label: 'Cold', unit: '°C', max: 20 };
  const band = { key: 'pressure', label: 'Pressure', unit: 'bar', min: 1, max: 5 };

  it.each([
    [hot, 50, true],
    [hot, 49.9, false],
    [hot, 60, true],
    [cold, 19.9, true],
    [cold, 20, false],
    [cold, -2, true],
    [band, 1, true],
    [band, 0.99, false],
    [band, 4.99, true],
    [band, 5, false],
    [hot, Number.NaN, false],
    [{ key: 'free', label: 'Free', unit: '' }, 123, true],
  ])('%j with %d → %s', (definition, value, within) => {
    expect(readingWithinLimits(definition, value)).toBe(within);
  });

  it('labels the limits', () => {
    expect(readingLimitLabel(hot)).toBe('≥ 50 °C');
    expect(readingLimitLabel(cold)).toBe('< 20 °C');
    expect(readingLimitLabel(band)).toBe('≥ 1 and < 5 bar');
    expect(readingLimitLabel({ key: 'free', label: 'Free', unit: 'kg' })).toBe('');
  });
});

describe('inspectionReadingProblems', () => {
  const sentinels = findRegime('legionella_sentinel_temperatures')!.readings;
  const [hot, cold] = sentinels as [ReadingDefinition, ReadingDefinition];

  it('accepts readings within limits, and none at all', () => {
    expect(inspectionReadingProblems(sentinels, { [hot.key]: 55, [cold.key]: 12 }, 'pass')).toEqual([]);
    expect(inspectionReadingProblems(sentinels, {}, 'pass')).toEqual([]);
  });

  it.each(['pass', 'pass_with_observations'] as const)('refuses a %s with a reading outside its limits, naming the reading and the limit', (result) => {
    expect(inspectionReadingProblems(sentinels, { [hot.key]: 45, [cold.key]: 20 }, result)).toEqual([
      { key: hot.key, message: `${hot.label} 45 °C is outside its limit (≥ 50 °C), so the result is a fail` },
      { key: cold.key, message: `${cold.label} 20 °C is outside its limit (< 20 °C), so the result is a fail` },
    ]);
  });

  it('keeps an out-of-limit reading on a fail: that is the finding', () => {
    expect(inspectionReadingProblems(sentinels, { [hot.key]: 45 }, 'fail')).toEqual([]);
  });

  it('refuses a key the regime does not define, whatever the result', () => {
    expect(inspectionReadingProblems(sentinels, { hot_tap: 60 }, 'fail')).toEqual([{ key: 'hot_tap', message: 'Reading "hot_tap" is not one of this regime’s readings' }]);
    expect(inspectionReadingProblems([], { t: 1 }, 'pass')).toEqual([{ key: 't', message: 'This regime records no readings' }]);
  });
});

describe('regimeProblems', () => {
  const sound = findRegime('gas_safety')!;

  it.each([
    [{ key: 'Gas Safety' }, 'Key "Gas Safety" must be a lower-case slug (a–z, 0–9, _)'],
    [{ name: '  ' }, 'Name is required'],
    [{ reference: '' }, 'Reference is required'],
    [{ interval: { count: 0, unit: 'year' } }, 'Interval must be a whole number of days, weeks, months or years'],
    [{ dueSoonDays: 365 }, 'Due-soon days must be a whole number from 0 to 364 (shorter than the interval)'],
    [{ interval: { count: 1, unit: 'week' }, dueSoonDays: 7 }, 'Due-soon days must be a whole number from 0 to 6 (shorter than the interval)'],
    [{ dueSoonDays: -1 }, 'Due-soon days must be a whole number from 0 to 364 (shorter than the interval)'],
    [{ appliesTo: { assetTypes: [], locationTypes: [] } }, 'Applies to no asset or location type'],
    [{ category: 'noise' }, 'Unknown category "noise"'],
    [{ anchor: 'from_due_date' }, 'Unknown anchor rule "from_due_date"'],
    [
      {
        readings: [
          { key: 't', label: 'T', unit: '°C' },
          { key: 't', label: 'T again', unit: '°C' },
        ],
      },
      'Reading key "t" is repeated',
    ],
    [{ readings: [{ key: 'band', label: 'Band', unit: 'bar', min: 5, max: 5 }] }, 'Reading "band" has min ≥ max, so no value passes'],
  ])('%j → %s', (change, problem) => {
    expect(regimeProblems({ ...sound, ...change } as ComplianceRegime)).toEqual([problem]);
  });
});
