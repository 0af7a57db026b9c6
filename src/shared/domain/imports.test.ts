import { describe, expect, it } from 'vitest';
import {
  customFieldsText,
  DEFAULT_VALUE_SYNONYMS,
  enumValueOf,
  excelSerialDate,
  isClearMarker,
  levelBelow,
  parseInspectionTarget,
  withInspectionSuggestions,
  mergeValueSynonyms,
  parseCustomFields,
  parseImportDate,
  splitLocationPath,
  suggestMapping,
  withoutFormulaGuard,
} from './imports';

describe('suggested mapping', () => {
  it('maps header names and common synonyms, each field once, and ignores the rest', () => {
    expect(suggestMapping(['Asset No', 'Serial Number', 'Condition Grade', 'Install Date', 'Room', 'Colour', 'serial no'])).toEqual([
      'clientAssetId',
      'serial',
      'condition',
      'installDate',
      'area',
      null,
      null,
    ]);
  });

  it('maps every column of the register export back to its field', () => {
    const exportHeaders = ['Asset ID', 'Type', 'Subtype', 'Make', 'Model', 'Serial', 'Description', 'Location', 'Install date', 'Warranty expiry', 'Condition',
      'Condition notes', 'Fire', 'Electrical', 'LOLER', 'Hygiene', 'Barcode', 'Status', 'Custom fields', 'Photos', 'Created by', 'Created at', 'Updated at'];
    expect(suggestMapping(exportHeaders)).toEqual(['assetId', 'type', 'subtype', 'make', 'model', 'serial', 'description', 'locationPath', 'installDate',
      'warrantyExpiry', 'condition', 'conditionNotes', 'complianceFire', 'complianceElectrical', 'complianceLoler', 'complianceHygiene', 'barcode',
      'status', 'customFields', null, null, null, null]);
  });

  it('never suggests the error workbook’s errors column', () => {
    expect(suggestMapping(['Make', 'errors'])).toEqual(['make', null]);
  });
});

describe('value synonyms', () => {
  it('reads condition grades, letters and labels', () => {
    for (const text of ['G', 'Good', '2', ' good ', 'GOOD']) expect(enumValueOf('condition', text, DEFAULT_VALUE_SYNONYMS)).toBe('good');
    expect(enumValueOf('condition', '5', DEFAULT_VALUE_SYNONYMS)).toBe('unsafe');
    expect(enumValueOf('condition', 'Sparkling', DEFAULT_VALUE_SYNONYMS)).toBeUndefined();
    // "E" is Excellent's initial on some registers and the worst of A–E on others: never guessed.
    expect(enumValueOf('condition', 'A', DEFAULT_VALUE_SYNONYMS)).toBe('excellent');
    expect(enumValueOf('condition', 'D', DEFAULT_VALUE_SYNONYMS)).toBe('poor');
    expect(enumValueOf('condition', 'E', DEFAULT_VALUE_SYNONYMS)).toBeUndefined();
  });

  it('reads the export’s labels of types, statuses and compliance', () => {
    expect(enumValueOf('type', 'Fire door', DEFAULT_VALUE_SYNONYMS)).toBe('fire_door');
    expect(enumValueOf('type', 'fire_door', DEFAULT_VALUE_SYNONYMS)).toBe('fire_door');
    expect(enumValueOf('status', 'Under repair', DEFAULT_VALUE_SYNONYMS)).toBe('under_repair');
    expect(enumValueOf('compliance', 'Non-compliant', DEFAULT_VALUE_SYNONYMS)).toBe('no');
    expect(enumValueOf('compliance', 'N/A', DEFAULT_VALUE_SYNONYMS)).toBe('na');
    expect(enumValueOf('compliance', 'Compliant', DEFAULT_VALUE_SYNONYMS)).toBe('yes');
  });

  it('lets the user’s synonyms add to and override the defaults', () => {
    const synonyms = mergeValueSynonyms({ condition: { Sparkling: 'excellent', G: 'fair' } });
    expect(enumValueOf('condition', 'sparkling', synonyms)).toBe('excellent');
    expect(enumValueOf('condition', 'g', synonyms)).toBe('fair');
    expect(enumValueOf('condition', 'g', DEFAULT_VALUE_SYNONYMS)).toBe('good');
  });
});

describe('dates', () => {
  it('reads dd/mm/yyyy, ISO dates and Excel serial numbers', () => {
    expect(parseImportDate('03/04/2025')).toEqual({ date: '2025-04-03' });
    expect(parseImportDate('3.4.2025')).toEqual({ date: '2025-04-03' });
    expect(parseImportDate('2025-04-03')).toEqual({ date: '2025-04-03' });
    expect(parseImportDate('2025-04-03T00:00:00.000Z')).toEqual({ date: '2025-04-03' });
    expect(parseImportDate('3 April 2025')).toEqual({ date: '2025-04-03' });
    expect(parseImportDate(45750)).toEqual({ date: '2025-04-03' });
    expect(parseImportDate('45750')).toEqual({ date: '2025-04-03' });
    expect(parseImportDate(new Date(Date.UTC(2025, 3, 3)))).toEqual({ date: '2025-04-03' });
  });

  it('counts Excel serials as Excel does around its 1900 leap-year bug', () => {
    expect(excelSerialDate(1)).toBe('1900-01-01');
    expect(excelSerialDate(59)).toBe('1900-02-28');
    expect(excelSerialDate(60)).toBeUndefined();
    expect(excelSerialDate(61)).toBe('1900-03-01');
  });

  it('refuses ambiguous and impossible dates rather than guessing', () => {
    expect(parseImportDate('03/04/05')).toEqual({ error: expect.stringMatching(/ambiguous/) });
    expect(parseImportDate('31/02/2025')).toEqual({ error: expect.stringMatching(/not a real date/) });
    expect(parseImportDate('2025-13-01')).toEqual({ error: expect.stringMatching(/not a real date/) });
    expect(parseImportDate('next Tuesday')).toEqual({ error: expect.stringMatching(/not a date/) });
    expect(parseImportDate('2024')).toEqual({ error: expect.stringMatching(/not a date/) });
    expect(parseImportDate(-3)).toEqual({ error: expect.stringMatching(/not an Excel date/) });
  });
});

describe('cells', () => {
  it('knows the clear marker in any case', () => {
    expect(isClearMarker('#CLEAR')).toBe(true);
    expect(isClearMarker(' #clear ')).toBe(true);
    expect(isClearMarker('clear')).toBe(false);
  });

  it('splits location paths on the usual separators', () => {
    expect(splitLocationPath('North / Leeds Depot / Block A')).toEqual(['North', 'Leeds Depot', 'Block A']);
    expect(splitLocationPath('North>Leeds  Depot\\Block A/')).toEqual(['North', 'Leeds Depot', 'Block A']);
  });

  it('gives a new location the level below its parent', () => {
    expect(levelBelow('site', 3)).toBe('building');
    expect(levelBelow('area', 3)).toBeUndefined();
    expect(levelBelow(null, 5)).toBe('region');
    expect(levelBelow(null, 6)).toBe('organisation');
  });

  it('reads custom fields as the export writes them, and as JSON', () => {
    const fields = { colour: 'Red', rating: 'A' };
    expect(parseCustomFields(customFieldsText(fields))).toEqual(fields);
    expect(parseCustomFields('{"floorArea": 12}')).toEqual({ floorArea: 12 });
    expect(parseCustomFields('just words')).toBeUndefined();
  });

  it('takes off the export’s formula guard only', () => {
    expect(withoutFormulaGuard("'=1+1")).toBe('=1+1');
    expect(withoutFormulaGuard("'tis")).toBe("'tis");
  });

  it('reads an inspection target as its regime key and part, and nothing else as one', () => {
    expect(parseInspectionTarget('inspection:gas_safety:date')).toEqual({ regimeKey: 'gas_safety', part: 'date' });
    expect(parseInspectionTarget('inspection:eicr:certificate')).toEqual({ regimeKey: 'eicr', part: 'certificate' });
    expect(parseInspectionTarget('inspection:EICR:date')).toBeUndefined();
    expect(parseInspectionTarget('inspection:eicr:result')).toBeUndefined();
    expect(parseInspectionTarget('custom:inspection')).toBeUndefined();
  });

  it('suggests a regime’s date and certificate columns by its key or name, each once, after the asset fields', () => {
    const regimes = [
      { key: 'eicr', name: 'Electrical installation condition report (EICR)' },
      { key: 'gas_safety', name: 'Gas safety inspection and service' },
    ];
    const headers = ['Asset No', 'EICR Date', 'EICR Cert No', 'Last EICR', 'Gas Safety Inspection and Service Date', 'Reading', 'Notes'];
    expect(withInspectionSuggestions(headers, suggestMapping(headers), regimes)).toEqual([
      'clientAssetId',
      'inspection:eicr:date',
      'inspection:eicr:certificate',
      null,
      'inspection:gas_safety:date',
      'meterReading',
      'conditionNotes',
    ]);
  });
});
