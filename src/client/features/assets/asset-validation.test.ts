import { describe, expect, it } from 'vitest';
import { createAssetSchema } from '@shared/contract/assets';

/**
 * The Add/Edit Asset form validates with the shared schema. Its type and condition selects always
 * hold a value, so the spec's messages for them (§5) are checked here rather than in the browser.
 */
function messages(input: unknown): Record<string, string> {
  const result = createAssetSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('asset form validation (spec §5)', () => {
  it('names the three required fields with the spec messages', () => {
    expect(messages({ locationId: '', type: '', condition: '' })).toEqual({
      locationId: 'Location is required',
      type: 'Type is required',
      condition: 'Condition is required',
    });
    expect(messages({})).toEqual({
      locationId: 'Location is required',
      type: 'Type is required',
      condition: 'Condition is required',
    });
  });

  it('accepts the form as the dialog opens once a location is chosen, applying the defaults', () => {
    const result = createAssetSchema.parse({
      locationId: '5b0f7a4e-4a7e-4c43-9f0e-6f1d7b1c2a10',
      type: 'other',
      condition: 'good',
      make: '  ',
      installDate: '',
      clientAssetId: '0d3c9a8e-2b0f-4a61-8a7e-0c5b2d9f1e34',
    });
    expect(result).toMatchObject({ type: 'other', condition: 'good', status: 'draft', complianceFire: 'na', make: null, installDate: null, customFields: {} });
  });
});
