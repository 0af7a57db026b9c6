import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '@/lib/offline/device-db';
import { describeKeptWith, keptWith } from './kept-with';

const item = (clientId: string, kind: OutboxItem['kind'], parent?: string) =>
  ({ clientId, kind, ...(parent && { parent: { clientId: parent, field: kind === 'photo' ? 'assessmentId' : 'assetId', label: parent } }) }) as OutboxItem;

describe('kept with an outbox item', () => {
  it('finds only the direct children of an item', () => {
    const all = [item('asset', 'asset'), item('first', 'assessment', 'asset'), item('p1', 'photo', 'first'), item('other', 'assessment')];
    expect(keptWith({ clientId: 'asset' }, all).map((i) => i.clientId)).toEqual(['first']);
    expect(keptWith({ clientId: 'first' }, all).map((i) => i.clientId)).toEqual(['p1']);
    expect(keptWith({ clientId: 'other' }, all)).toEqual([]);
  });

  it('counts the children by kind, in the words of the lists', () => {
    expect(describeKeptWith([])).toBe('');
    expect(describeKeptWith([{ kind: 'photo' }])).toBe('1 photo');
    expect(describeKeptWith([{ kind: 'photo' }, { kind: 'photo' }])).toBe('2 photos');
    expect(describeKeptWith([{ kind: 'assessment' }, { kind: 'photo' }, { kind: 'photo' }])).toBe('1 assessment and 2 photos');
    expect(describeKeptWith([{ kind: 'assessment' }, { kind: 'photo' }, { kind: 'inspection' }])).toBe('1 assessment, 1 photo and 1 inspection');
  });

  it('calls a kept file that is not an image a file (an inspection certificate)', () => {
    const kept = (type: string) => ({ kind: 'photo' as const, photo: { blob: new Blob([], { type }), filename: 'x', takenAt: null, gpsLat: null, gpsLon: null, originalSize: null } });
    expect(describeKeptWith([kept('application/pdf'), kept('image/jpeg')])).toBe('1 file and 1 photo');
    expect(describeKeptWith([kept('image/jpeg'), kept('image/png')])).toBe('2 photos');
  });
});
