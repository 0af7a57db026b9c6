import type pg from 'pg';
import { summarize, type LoadResult } from './load';

/**
 * The register as the API leaves it (issue 20): every asset and action deleted and created again
 * through POST /api/assets and POST /api/actions, from the rows they had, at `connections` at once.
 * Nothing runs after it: no bulk-load rebuild, no ANALYZE, no wait for a periodic job, so a search
 * measured next sees what a register filled through the app sees. Assessments and defects go with
 * their assets and are not re-created (no search reads them).
 */
export async function refillThroughApi(options: {
  pool: pg.Pool;
  baseUrl: string;
  cookie: string;
  connections: number;
  onProgress?: (done: number, total: number) => void;
}): Promise<{ assets: LoadResult; actions: LoadResult }> {
  const { pool } = options;
  const { rows: assets } = await pool.query<{ id: string; body: Record<string, unknown> }>(`
    SELECT id, json_strip_nulls(json_build_object(
      'type', type, 'subtype', subtype, 'make', make, 'model', model, 'serial', serial, 'description', description,
      'locationId', location_id, 'installDate', install_date, 'warrantyExpiry', warranty_expiry, 'condition', condition,
      'conditionNotes', condition_notes, 'complianceFire', compliance_fire, 'complianceElectrical', compliance_electrical,
      'complianceLoler', compliance_loler, 'complianceHygiene', compliance_hygiene, 'barcode', barcode,
      'customFields', custom_fields, 'status', status)) AS body
    FROM assets ORDER BY created_at, id`);
  const { rows: actions } = await pool.query<{ assetId: string | null; body: Record<string, unknown> }>(`
    SELECT asset_id AS "assetId", json_strip_nulls(json_build_object(
      'title', title, 'description', description, 'category', category, 'priority', priority, 'status', status,
      'assignee', assignee, 'targetDate', target_date, 'completedDate', completed_date)) AS body
    FROM actions ORDER BY created_at, id`);
  await pool.query('TRUNCATE assets, actions CASCADE');

  const newId = new Map<string, string>();
  const assetTimes = await post(options, '/api/assets', assets.length, (i) => assets[i]!.body, (i, created: { id: string }) => {
    newId.set(assets[i]!.id, created.id);
  });
  const actionTimes = await post(options, '/api/actions', actions.length, (i) => {
    const { assetId, body } = actions[i]!;
    return assetId && newId.has(assetId) ? { ...body, assetId: newId.get(assetId) } : body;
  });
  return { assets: assetTimes, actions: actionTimes };
}

/** POSTs `count` bodies in order from `connections` workers; any answer but 201 stops the run. */
async function post<T>(
  options: { baseUrl: string; cookie: string; connections: number; onProgress?: (done: number, total: number) => void },
  path: string,
  count: number,
  body: (i: number) => unknown,
  onCreated?: (i: number, created: T) => void,
): Promise<LoadResult> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const sent = performance.now();
      const res = await fetch(`${options.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: options.cookie, origin: options.baseUrl },
        body: JSON.stringify(body(i)),
      });
      const text = await res.text();
      times.push(performance.now() - sent);
      if (res.status !== 201) throw new Error(`POST ${path} answered ${res.status}: ${text.slice(0, 300)}`);
      onCreated?.(i, JSON.parse(text) as T);
      if ((i + 1) % 20_000 === 0) options.onProgress?.(i + 1, count);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  return summarize(times, (performance.now() - started) / 1000, { non2xx: 0, errors: 0, statusCodes: { 201: count } });
}
