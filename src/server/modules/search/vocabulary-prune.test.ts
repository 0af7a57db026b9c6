import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, getJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { insertAsset } from '../../../../tests/factories/register';
import { assets } from '../../db/schema';
import { pruneSearchVocabulary } from './vocabulary-prune';

let t: TestApp;
let userId: string;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie, user: { id: userId } } = await registerUser(t.app));
});
afterAll(() => t.close());

const has = async (word: string) => (await t.db.$client.query('SELECT 1 FROM search_words WHERE word = $1', [word])).rowCount === 1;

describe('pruning the search vocabulary', () => {
  it('removes the words no record holds any more, and keeps the ones still held', async () => {
    const gone = await insertAsset(t.db, userId, { make: 'Vanishingmake', model: 'Keptmodel' });
    await insertAsset(t.db, userId, { make: 'Keptmodel' });
    expect(await has('vanishingmake')).toBe(true);

    await t.db.delete(assets).where(eq(assets.id, gone.id));
    // Only ever added by the triggers: still there after the record went.
    expect(await has('vanishingmake')).toBe(true);

    const result = await pruneSearchVocabulary(t.db);
    expect(result).not.toBeNull();
    expect(result!.words).toBeGreaterThanOrEqual(1);
    expect(await has('vanishingmake')).toBe(false);
    expect(await has('keptmodel')).toBe(true);

    // Search still finds what is held.
    const res = await getJson(t.app, '/api/search?q=keptmodel', cookie);
    expect(res.json().assets).toHaveLength(1);
  });

  it('keeps a word that a record committed during the prune holds', async () => {
    // The word is in the vocabulary, held by no record: a candidate.
    const first = await insertAsset(t.db, userId, { make: 'Racingword' });
    await t.db.delete(assets).where(eq(assets.id, first.id));
    // A new record with the word is being written (not yet committed) while the prune starts: it must
    // wait for that writer and check again, or it would take away a word a record holds.
    const writer = await t.db.$client.connect();
    try {
      await writer.query('BEGIN');
      await writer.query(
        `INSERT INTO assets (type, condition, location_id, location_path, created_by, make)
         SELECT type, condition, location_id, location_path, created_by, 'Racingword' FROM assets LIMIT 1`,
      );
      const prune = pruneSearchVocabulary(t.db);
      await new Promise((r) => setTimeout(r, 300));
      await writer.query('COMMIT');
      await prune;
    } finally {
      writer.release();
    }
    expect(await has('racingword')).toBe(true);
    const res = await getJson(t.app, '/api/search?q=racingword', cookie);
    expect(res.json().assets).toHaveLength(1);
  });
});
