import { describe, expect, it } from 'vitest';
import { CHOSEN_ON_DEVICE, withWaitingChanges } from './waiting-changes';

const action = { id: 'a-1', title: 'Bleed the radiators', priority: 'medium', status: 'open', assetId: 'x-1', assetCode: 'AST-0001', updatedAt: 'v1' };

describe("a record as this device's waiting edits leave it", () => {
  it('takes the waiting edits in order, keeping the server version they are based on', () => {
    const edits = [
      { status: 'waiting' as const, body: { title: 'Bleed and refill', priority: 'high' } },
      { status: 'waiting' as const, body: { status: 'in_progress', updatedAt: 'v9' } },
      { status: 'waiting' as const, body: { priority: 'low' } },
    ];
    expect(withWaitingChanges(action, edits)).toEqual({ ...action, title: 'Bleed and refill', priority: 'low', status: 'in_progress' });
  });

  it('leaves out an edit in conflict or refused, and is the record itself with none waiting', () => {
    expect(withWaitingChanges(action, [{ status: 'conflict', body: { title: 'Theirs?' } }, { status: 'failed', body: { priority: 'high' } }])).toBe(action);
    expect(withWaitingChanges(action, [])).toBe(action);
  });

  it("does not name a record chosen on the device by the server's old name", () => {
    const names = { assetId: 'assetCode' };
    expect(withWaitingChanges(action, [{ status: 'waiting', body: { assetId: 'x-2' } }], names)).toMatchObject({ assetId: 'x-2', assetCode: CHOSEN_ON_DEVICE });
    expect(withWaitingChanges(action, [{ status: 'waiting', body: { assetId: null } }], names)).toMatchObject({ assetId: null, assetCode: null });
    expect(withWaitingChanges(action, [{ status: 'waiting', body: { assetId: 'x-1', title: 'T' } }], names)).toMatchObject({ assetCode: 'AST-0001' });
  });
});
