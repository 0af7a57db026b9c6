import type pg from 'pg';
import type { Db } from '../../db/client';
import { LIST_PAGE_SIZE } from '../../../shared/domain';
import { actionsRepo } from '../actions/actions.repo';
import { assetsRepo } from '../assets/assets.repo';
import { globalSearch } from './global-search';

/**
 * Queries of the shapes people type most (terms.ts decides a shape: the number of terms, and each
 * term's index parts): a word, a code with two or three runs, two letters, two and three words, a
 * word and a number. The letters are chosen to match nothing, so warming reads almost no rows.
 */
const QUERY_SHAPES = ['qxzv', 'qxzv-0173', 'qxz-0173-v91', 'qx', 'qxzv wykp', 'qxzv 7', 'qxzv 07', 'qxzv wykp jmzq', 'qxzv-0173 wykp'];

/** A list's filters, as the asset list's screen and a location's page send them. */
const ASSET_FILTERS = [{}, { condition: 'poor' }, { type: 'hvac' }, { locationId: '00000000-0000-4000-8000-000000000000' }] as const;

/** Searches of every shape on every route, each on the connection given as `db`. */
function warmUpSearches(db: Db): (() => Promise<unknown>)[] {
  const assetList = assetsRepo(db);
  // The clock only gives values (today's date); the statements' shapes are the same every day.
  const clock = () => new Date();
  const actionList = actionsRepo(db, clock);
  const global = globalSearch(db, clock);
  const none = { assets: [], actions: [], meters: [], totals: { assets: 0, actions: 0, meters: 0 }, totalLimit: 0 };
  return [
    ...QUERY_SHAPES.flatMap((q) => [
      ...ASSET_FILTERS.map((filters) => () => assetList.list({ ...filters, search: q, limit: LIST_PAGE_SIZE })),
      () => actionList.list({ search: q }, LIST_PAGE_SIZE),
      () => global.search(q),
    ]),
    // A mistyped word and its one to three corrections: the global search's second statement.
    ...[['qxzw'], ['qxzw', 'wqzx'], ['qxzw', 'wqzx', 'zqxw']].map((fixes) => () => global.withCorrections('qxzv', new Map([['qxzv', fixes]]), none)),
  ];
}

/**
 * Prepares the search's statements of the common shapes on every search connection before the
 * server takes requests. Each connection parses and plans a statement shape the first time it
 * meets it, at several times the cost of running it (ADR 021, "Prepared at start"): without this,
 * the first searches after a start pay that once per shape and connection. The search pool keeps its connections (db/client.ts), so
 * they stay prepared.
 */
export async function warmUpSearch(db: Db, connections: number): Promise<{ connections: number; searches: number }> {
  const clients: pg.PoolClient[] = [];
  try {
    // Every connection at once, held until all are done, so each one is a different connection.
    for (let i = 0; i < connections; i++) clients.push(await db.$search.connect());
    const counts = await Promise.all(
      clients.map(async (client) => {
        const onThisConnection = Object.assign(Object.create(db) as Db, { $search: client as unknown as pg.Pool });
        const searches = warmUpSearches(onThisConnection);
        for (const search of searches) await search();
        return searches.length;
      }),
    );
    return { connections: clients.length, searches: counts.reduce((a, b) => a + b, 0) };
  } finally {
    for (const client of clients) client.release();
  }
}
