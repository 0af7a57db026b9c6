import type { OutboxItem } from '@/lib/offline/device-db';

/** What a picker shows for a record chosen in an edit still on the device: the device keeps no name for it. */
export const CHOSEN_ON_DEVICE = 'Chosen on this device (not sent yet)';

/**
 * A record with the values of this device's edits of it that are still waiting to be sent, oldest
 * first (ADR 028), for an edit form to open on: a second edit made before the first is sent then
 * keeps what the first changed rather than putting the server's values back. The version
 * (`updatedAt`) stays the server's, the one both edits are based on. `names` maps an id field to the
 * field that names what it points to (assetId → assetCode); a changed id's name is not known here.
 */
export function withWaitingChanges<T extends { updatedAt: string }>(
  record: T,
  edits: readonly Pick<OutboxItem, 'status' | 'body'>[],
  names: Readonly<Record<string, string>> = {},
): T {
  const waiting = edits.filter((edit) => edit.status === 'waiting');
  if (waiting.length === 0) return record;
  const edited: Record<string, unknown> = { ...record, ...Object.assign({}, ...waiting.map((edit) => edit.body)), updatedAt: record.updatedAt };
  for (const [idField, nameField] of Object.entries(names)) {
    if (edited[idField] !== (record as Record<string, unknown>)[idField]) edited[nameField] = edited[idField] ? CHOSEN_ON_DEVICE : null;
  }
  return edited as T;
}
