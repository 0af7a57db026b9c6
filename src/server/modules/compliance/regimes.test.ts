import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, getJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { connectDatabase } from '../../db/client';
import { complianceRegimes } from '../../db/schema';
import { seedReferenceData } from '../../db/reference-data';
import { UK_REGIME_CATALOGUE } from '../../../shared/domain/compliance/regimes';
import type { Regime } from '../../../shared/contract/compliance';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await registerUser(t.app, { role: 'surveyor' })).cookie;
});

afterAll(async () => {
  await t?.close();
});

describe('the inspection regimes (ADR 025)', () => {
  it('starts a new register with the UK catalogue, as the shared rules define it', async () => {
    const res = await getJson(t.app, '/api/compliance/regimes', cookie);
    expect(res.statusCode).toBe(200);
    const regimes = res.json<Regime[]>();
    expect(regimes.map((r) => r.key).sort()).toEqual(UK_REGIME_CATALOGUE.map((r) => r.key).sort());
    const eicr = regimes.find((r) => r.key === 'eicr')!;
    const catalogued = UK_REGIME_CATALOGUE.find((c) => c.key === 'eicr')!;
    expect(eicr).toMatchObject({
      name: catalogued.name,
      category: catalogued.category,
      interval: catalogued.interval,
      dueSoonDays: catalogued.dueSoonDays,
      anchor: catalogued.anchor,
      certificateRequired: catalogued.certificateRequired,
      reference: catalogued.reference,
      appliesTo: { assetTypes: [...catalogued.appliesTo.assetTypes], locationTypes: [...catalogued.appliesTo.locationTypes] },
      retired: false,
    });
    // Readings with their limits survive the round trip (legionella sentinel temperatures).
    const withReadings = regimes.filter((r) => r.readings.length > 0);
    expect(withReadings.length).toBeGreaterThan(0);
    for (const regime of withReadings) expect(regime.readings).toEqual(UK_REGIME_CATALOGUE.find((c) => c.key === regime.key)!.readings);
  });

  it('is for signed-in users only', async () => {
    expect((await getJson(t.app, '/api/compliance/regimes')).statusCode).toBe(401);
  });

  it('is copied in once: a later start keeps the organisation’s edits and adds nothing', async () => {
    const [first] = await t.ownerDb.select().from(complianceRegimes).limit(1);
    await t.ownerDb.update(complianceRegimes).set({ intervalCount: 7 }).where(eq(complianceRegimes.id, first!.id));
    const owner = connectDatabase(t.databaseUrl, { max: 1 });
    try {
      await seedReferenceData(owner);
    } finally {
      await owner.close();
    }
    const rows = await t.ownerDb.select().from(complianceRegimes);
    expect(rows).toHaveLength(UK_REGIME_CATALOGUE.length);
    expect(rows.find((r) => r.id === first!.id)!.intervalCount).toBe(7);
  });
});
