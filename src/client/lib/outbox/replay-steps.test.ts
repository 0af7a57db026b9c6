import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '@/lib/offline/device-db';
import { afterAnswer, childOfParent, OUTBOX_SENT_MESSAGE, outboxSentMessage, sentItem, withParentId } from './replay-steps';

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
});
