import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assetListItemSchema } from '../../shared/contract/assets';
import { columnsOf } from './api-columns';
import { assets } from './schema';

describe('columnsOf', () => {
  it("gives the table's column for each field of the API object, in the contract's order", () => {
    const columns = columnsOf(assetListItemSchema, assets);
    expect(Object.keys(columns)).toEqual(Object.keys(assetListItemSchema.shape));
    expect(columns.locationPath).toBe(assets.locationPath);
  });

  it('refuses a field the table has no column for', () => {
    expect(() => columnsOf(z.object({ id: z.string(), photoCount: z.number() }), assets)).toThrow('assets has no column for the API field photoCount');
  });
});
