import { describe, expect, it } from 'vitest';
import { newAssetLabel } from './use-create-asset';

describe('newAssetLabel', () => {
  it('names a new asset by its type and what tells it apart, as it has no asset id until it is sent', () => {
    expect(newAssetLabel({ type: 'hvac', subtype: 'Plant room', make: 'Worcester', model: 'Greenstar' })).toBe('New asset: HVAC, Plant room, Worcester Greenstar');
    expect(newAssetLabel({ type: 'fire_door', make: 'Leaders' })).toBe('New asset: Fire door, Leaders');
  });

  it('leaves out empty details', () => {
    expect(newAssetLabel({ type: 'printer', subtype: '', make: null, model: '' })).toBe('New asset: Printer');
    expect(newAssetLabel({ type: 'other', model: 'X1' })).toBe('New asset: Other, X1');
  });
});
