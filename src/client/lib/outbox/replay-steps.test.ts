import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '@/lib/offline/device-db';
import { afterAnswer, afterConflict, childOfParent, OUTBOX_SENT_MESSAGE, outboxSentMessage, rebasedOn, sentItem, withParentId } from './replay-steps';

const item = (more: Partial<OutboxItem> = {}): OutboxItem => ({
  seq: 1,
  clientId: 'c-1',
  userId: 'u-1',
  kind: 'reading',
  method: 'POST',
  url: '/api/meters/m-1/readings',
  body: { value: 12 },
  label: 'Reading 12 kWh',
  refs: { meterId: 'm-1' },
  createdAt: 0,
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  status: 'waiting',
  ...more,
});

describe('outbox replay steps', () => {
  it('backs off and stops the replay when an item must wait, each time longer', () => {
    expect(afterAnswer({ attempts: 0 }, { outcome: 'retry', error: 'No connection' }, 1_000)).toEqual({
      update: { attempts: 1, lastError: 'No connection', nextAttemptAt: 3_000 },
      stop: true,
    });
    expect(afterAnswer({ attempts: 2 }, { outcome: 'retry' }, 1_000).update).toEqual({ attempts: 3, lastError: null, nextAttemptAt: 9_000 });
  });

  it('marks a refused item failed, and an edit of a changed record in conflict, and goes on to the next', () => {
    expect(afterAnswer({ attempts: 0 }, { outcome: 'failed', error: 'Meter not found' }, 0)).toEqual({
      update: { status: 'failed', attempts: 1, lastError: 'Meter not found' },
      stop: false,
    });
    const conflict = { message: 'Changed meanwhile', current: { name: 'Boiler 2' } };
    expect(afterAnswer({ attempts: 1 }, { outcome: 'conflict', error: conflict.message, conflict }, 0)).toEqual({
      update: { status: 'conflict', attempts: 2, lastError: 'Changed meanwhile', conflict },
      stop: false,
    });
  });

  it("gives a child its parent's server id in its body, and in its refs only where it had the field", () => {
    const parent = { clientId: 'p-1', field: 'assetId' as const, label: 'Asset Boiler' };
    const assessment = item({ kind: 'assessment', body: { assetId: 'p-1', condition: 'good' }, refs: { assetId: 'p-1' }, parent });
    expect(withParentId(assessment, 'a-9')).toMatchObject({ body: { assetId: 'a-9', condition: 'good' }, refs: { assetId: 'a-9' }, parent: undefined });
    const photo = item({ kind: 'photo', body: { filename: 'x.jpg' }, refs: { parentClientId: 'p-2' }, parent: { clientId: 'p-2', field: 'assessmentId', label: 'Assessment' } });
    expect(withParentId(photo, 's-3')).toMatchObject({ body: { filename: 'x.jpg', assessmentId: 's-3' }, refs: { parentClientId: 'p-2' }, parent: undefined });
  });

  it("tells what was sent without the item's body or photo, with the server id when the answer had one", () => {
    expect(sentItem(item({ photo: { blob: new Blob(['x']) } as OutboxItem['photo'] }), { id: 'r-5', value: 12 })).toEqual({
      clientId: 'c-1',
      kind: 'reading',
      refs: { meterId: 'm-1' },
      serverId: 'r-5',
    });
    expect(sentItem(item(), undefined)).toEqual({ clientId: 'c-1', kind: 'reading', refs: { meterId: 'm-1' } });
    expect(sentItem(item(), { id: 42 })).not.toHaveProperty('serverId');
  });

  it("reads the service worker's sent message and ignores any other message", () => {
    const message = { type: OUTBOX_SENT_MESSAGE, clientId: 'c-1', kind: 'reading', refs: { meterId: 'm-1' } };
    expect(outboxSentMessage(message)).toEqual(message);
    for (const other of [null, 'outbox-sent', { type: 'SKIP_WAITING' }, { ...message, clientId: 1 }, { ...message, refs: null }, { ...message, kind: undefined }]) {
      expect(outboxSentMessage(other)).toBeNull();
    }
  });

  it("lets a child go with its parent's server id once the parent was sent, from any tab or the worker", () => {
    const child = { body: { condition: 'fair', assetId: 'c-1' }, refs: { assetId: 'c-1' }, parent: { clientId: 'c-1', field: 'assetId' as const, label: 'New asset' } };
    // Sent: the id kept on the device goes in, as the parent's answer would have put it.
    expect(childOfParent(child, { waiting: false, serverId: 'a-9' })).toEqual({ state: 'ready', item: { body: { condition: 'fair', assetId: 'a-9' }, refs: { assetId: 'a-9' }, parent: undefined } });
    // Still in the outbox (it may even be kept as sent meanwhile: the outbox decides): the child waits.
    expect(childOfParent(child, { waiting: true })).toEqual({ state: 'waiting' });
    expect(childOfParent(child, { waiting: true, serverId: 'a-9' })).toEqual({ state: 'waiting' });
    // Neither in the outbox nor sent from this device: discarded.
    expect(childOfParent(child, { waiting: false })).toEqual({ state: 'gone' });
    expect(childOfParent(child, undefined)).toEqual({ state: 'gone' });
    // Without a parent an item goes as it is.
    const reading = { body: { reading: 5 }, refs: { meterId: 'm-1' } };
    expect(childOfParent(reading, undefined)).toEqual({ state: 'ready', item: reading });
  });

  describe('an edit the server answered 412', () => {
    // What the Edit Action dialog sends (the form's values, blanks as null) and what the server answers.
    const edit = { assetId: null, assessmentId: null, title: 'Bleed the radiators', description: null, category: 'maintenance', priority: 'high', status: 'open', assignee: null, targetDate: '2026-12-01' };
    const current = {
      id: 'a-1', actionId: 'ACT-0007', assetId: null, assetCode: null, assessmentId: null, title: 'Bleed the radiators', description: null, category: 'maintenance',
      priority: 'high', status: 'open', assignee: null, targetDate: '2026-12-01', completedDate: null, createdBy: 'u-2', createdAt: '2026-11-20T09:00:00.000Z',
      updatedAt: '2026-11-27T10:00:00.000Z', overdue: false,
    };
    const message = 'This action was changed by someone else after you opened it';

    it('is sent, with the server\'s record as its answer, when the server already has every value it sets', () => {
      expect(afterConflict({ body: edit }, { message, current })).toEqual({ outcome: 'sent', answer: current, settled: true });
      // Blank and null alike, a date against the same instant, a status change two people made.
      expect(afterConflict({ body: { ...edit, assignee: '', targetDate: '2026-12-01T00:00:00.000Z' } }, { message, current }).outcome).toBe('sent');
      expect(afterConflict({ body: { status: 'completed' } }, { message, current: { ...current, status: 'completed' } }).outcome).toBe('sent');
    });

    it('is a conflict for the user when any value it sets differs, or the record lacks the field', () => {
      const theirs = { ...current, targetDate: '2026-12-08' };
      expect(afterConflict({ body: edit }, { message, current: theirs })).toEqual({ outcome: 'conflict', error: message, conflict: { message, current: theirs } });
      expect(afterConflict({ body: { ...edit, assignee: 'Sam' } }, { message, current }).outcome).toBe('conflict');
      expect(afterConflict({ body: { ...edit, cost: 12 } }, { message, current }).outcome).toBe('conflict');
    });
  });

  describe("a later edit of the same record, once an edit based on the same version is sent", () => {
    const first = item({ clientId: 'e-1', kind: 'action-edit', method: 'PATCH', url: '/api/actions/a-1', headers: { 'If-Match': '"v1"' } });
    const answer = { id: 'a-1', updatedAt: 'v2' };

    it('builds on the answer: the user made it after the first', () => {
      const later = item({ clientId: 'e-2', kind: 'action-status', method: 'PATCH', url: '/api/actions/a-1', headers: { 'If-Match': '"v1"' } });
      expect(rebasedOn(later, first, answer)).toMatchObject({ clientId: 'e-2', headers: { 'If-Match': '"v2"' } });
    });

    it('is left alone when it is another record, another version, not waiting, or the answer has no version', () => {
      const later = item({ clientId: 'e-2', method: 'PATCH', url: '/api/actions/a-1', headers: { 'If-Match': '"v1"' } });
      expect(rebasedOn(first, first, answer)).toBeNull();
      expect(rebasedOn({ ...later, url: '/api/actions/a-2' }, first, answer)).toBeNull();
      expect(rebasedOn({ ...later, headers: { 'If-Match': '"v0"' } }, first, answer)).toBeNull();
      expect(rebasedOn({ ...later, status: 'conflict' }, first, answer)).toBeNull();
      expect(rebasedOn(later, first, undefined)).toBeNull();
      expect(rebasedOn(later, { ...first, headers: undefined }, answer)).toBeNull();
    });
  });
});
