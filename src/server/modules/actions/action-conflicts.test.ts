import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createdBy, createTestApp, postJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { actions } from '../../db/schema';
import { ACTION_CHANGED_MESSAGE, ACTION_IF_MATCH_INVALID_MESSAGE, type Action } from '../../../shared/contract/actions';

/**
 * A status changed offline on an action someone changed meanwhile (issue 25, ADR 028): PATCH with
 * If-Match of the version the card showed answers 412 with the action as it is now, and changes
 * nothing, so the Outbox screen can offer both versions.
 */

let t: TestApp;
let cookie: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await registerUser(t.app, { role: 'surveyor' }));
  ({ cookie: other } = await registerUser(t.app, { role: 'asset_manager' }));
});
afterAll(() => t.close());

const patch = (id: string, body: unknown, headers: Record<string, string> = {}, as = cookie) =>
  t.app.inject({ method: 'PATCH', url: `/api/actions/${id}`, headers: { cookie: as, 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
const rowOf = async (id: string) => (await t.db.select().from(actions).where(eq(actions.id, id)))[0]!;

describe('PATCH /api/actions/{id} with If-Match', () => {
  let action: Action;
  beforeAll(async () => {
    action = await createdBy<Action>(postJson(t.app, '/api/actions', { title: 'Bleed the radiators', category: 'maintenance', priority: 'medium' }, { cookie }));
  });

  it('applies a change based on the current version', async () => {
    t.clock.advance(60_000);
    const res = await patch(action.id, { status: 'in_progress' }, { 'if-match': `"${action.updatedAt}"` });
    expect(res.statusCode, res.body).toBe(200);
    action = res.json<Action>();
    expect(action.status).toBe('in_progress');
  });

  it('refuses a change based on an older version with 412 and the action as it is now, changing nothing', async () => {
    const seen = action.updatedAt;
    // Someone else completes it a minute later.
    t.clock.advance(60_000);
    expect((await patch(action.id, { status: 'completed' }, {}, other)).statusCode).toBe(200);
    const before = await rowOf(action.id);
    const key = crypto.randomUUID();
    const res = await patch(action.id, { status: 'waiting' }, { 'if-match': `"${seen}"`, 'idempotency-key': key });
    expect(res.statusCode).toBe(412);
    const body = res.json<{ message: string; current: Action }>();
    expect(body.message).toBe(ACTION_CHANGED_MESSAGE);
    expect(body.current).toMatchObject({ id: action.id, status: 'completed' });
    expect(await rowOf(action.id)).toEqual(before);
    // "Keep mine": the same key, now based on the version on the server, applies.
    const kept = await patch(action.id, { status: 'waiting' }, { 'if-match': `"${body.current.updatedAt}"`, 'idempotency-key': key });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Action>().status).toBe('waiting');
  });

  it('refuses an If-Match that names no version, and behaves as before without one', async () => {
    const bad = await patch(action.id, { status: 'open' }, { 'if-match': 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(ACTION_IF_MATCH_INVALID_MESSAGE);
    expect((await patch(action.id, { status: 'open' })).statusCode).toBe(200);
  });
});
