import type pg from 'pg';
import type { Request } from 'autocannon';
import { jsonPost } from './load';

export interface WriteFixtures {
  areaIds: string[];
  meters: Array<{ id: string; lastReading: number; lastReadingDate: number }>;
}

export interface WriteCheck {
  acknowledged: number;
  stored: number;
  /** Acknowledged (2xx) but not in the database. */
  lost: number;
  /** Stored more than once for one request. */
  duplicated: number;
  /** In the database though the request got no 2xx (e.g. a timeout): allowed, reported. */
  storedWithoutAck: number;
}

/**
 * The write scenarios. Every request carries a marker unique to this bench run (the asset's
 * clientAssetId, the reading's notes); every 2xx is remembered by its marker, and `verify` then
 * checks that each acknowledged write is stored exactly once.
 */
export class Writes {
  private readonly runId = `bench-${Date.now().toString(36)}`;
  private assetCounter = 0;
  private readingCounter = 0;
  private readonly readingBase: number;
  readonly ackedAssets = new Set<string>();
  readonly ackedReadings = new Set<string>();

  constructor(private readonly fixtures: WriteFixtures) {
    if (fixtures.areaIds.length === 0 || fixtures.meters.length === 0) throw new Error('the seeded database has no areas or meters');
    // Readings go after every existing one: the value and the date both rise with the counter, so
    // concurrent readings of one meter stay in order whichever commits first.
    this.readingBase = Math.max(Date.now(), ...fixtures.meters.map((m) => m.lastReadingDate)) + 1_000;
  }

  createAsset(): Request {
    return jsonPost(
      '/api/assets',
      () => {
        const n = ++this.assetCounter;
        return {
          locationId: this.fixtures.areaIds[n % this.fixtures.areaIds.length],
          type: 'other',
          condition: 'good',
          make: 'Bench',
          model: 'Load test',
          serial: `${this.runId}-${n}`,
          description: 'Created by npm run bench',
          clientAssetId: `${this.runId}-a-${n}`,
        };
      },
      (status, body) => {
        if (status === 201) this.ackedAssets.add((JSON.parse(body) as { clientAssetId: string }).clientAssetId);
      },
    );
  }

  createReading(): Request {
    return jsonPost(
      '/api/meter-readings',
      () => {
        const n = ++this.readingCounter;
        const meter = this.fixtures.meters[n % this.fixtures.meters.length]!;
        return {
          meterId: meter.id,
          reading: meter.lastReading + n,
          readingDate: new Date(this.readingBase + n).toISOString(),
          notes: `${this.runId}-r-${n}`,
        };
      },
      (status, body) => {
        if (status === 201) this.ackedReadings.add((JSON.parse(body) as { notes: string }).notes);
      },
    );
  }

  async verify(pool: pg.Pool): Promise<{ assets: WriteCheck; readings: WriteCheck }> {
    const stored = async (sql: string) => {
      const { rows } = await pool.query<{ marker: string; n: number }>(sql, [`${this.runId}-%`]);
      return new Map(rows.map((r) => [r.marker, r.n]));
    };
    return {
      assets: check(this.ackedAssets, await stored('SELECT client_asset_id AS marker, count(*)::int AS n FROM assets WHERE client_asset_id LIKE $1 GROUP BY 1')),
      readings: check(this.ackedReadings, await stored('SELECT notes AS marker, count(*)::int AS n FROM meter_readings WHERE notes LIKE $1 GROUP BY 1')),
    };
  }
}

function check(acknowledged: Set<string>, stored: Map<string, number>): WriteCheck {
  let lost = 0;
  for (const marker of acknowledged) if (!stored.has(marker)) lost++;
  let duplicated = 0;
  let storedWithoutAck = 0;
  for (const [marker, n] of stored) {
    if (n > 1) duplicated += n - 1;
    if (!acknowledged.has(marker)) storedWithoutAck++;
  }
  return { acknowledged: acknowledged.size, stored: [...stored.values()].reduce((s, n) => s + n, 0), lost, duplicated, storedWithoutAck };
}
