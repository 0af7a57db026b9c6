import { describe, expect, it } from 'vitest';
import { assetLink, locationLink, parseScannedCode } from './scan';

describe('parseScannedCode', () => {
  it('reads asset and location links of any host', () => {
    expect(parseScannedCode('https://a.example/a/AST-000001')).toEqual({ kind: 'asset-link', assetId: 'AST-000001' });
    expect(parseScannedCode('http://10.0.0.5:5000/base/a/AST%20X/')).toEqual({ kind: 'asset-link', assetId: 'AST X' });
    const id = '0B0E7D7C-1B2A-4C3D-8E9F-001122334455';
    expect(parseScannedCode(`https://a.example/l/${id}`)).toEqual({ kind: 'location-link', locationId: id.toLowerCase() });
  });

  it('takes anything else as a code, trimmed', () => {
    expect(parseScannedCode('  5012345678900\r\n')).toEqual({ kind: 'code', code: '5012345678900' });
    expect(parseScannedCode('https://maker.example/product/42')).toEqual({ kind: 'code', code: 'https://maker.example/product/42' });
    expect(parseScannedCode('https://a.example/l/not-a-uuid')).toEqual({ kind: 'code', code: 'https://a.example/l/not-a-uuid' });
    expect(parseScannedCode('https://a.example/a/%E0%A4%A')).toEqual({ kind: 'code', code: 'https://a.example/a/%E0%A4%A' });
    expect(parseScannedCode('ftp://a.example/a/AST-1')).toEqual({ kind: 'code', code: 'ftp://a.example/a/AST-1' });
  });

  it('builds the links labels carry, whatever the base ends with', () => {
    expect(assetLink('https://a.example/', 'AST-000001')).toBe('https://a.example/a/AST-000001');
    expect(assetLink('https://a.example', 'A/B')).toBe('https://a.example/a/A%2FB');
    expect(parseScannedCode(assetLink('https://a.example', 'A/B'))).toEqual({ kind: 'asset-link', assetId: 'A/B' });
    expect(locationLink('https://a.example//', 'x')).toBe('https://a.example/l/x');
  });
});
