import type pg from 'pg';

/**
 * What people type into search, drawn from the seeded register itself (issue 20): codes, serial
 * fragments, model codes, words, phrases, places with numbers, typos, two letters, non-ASCII. Each
 * class holds `perClass` queries picked by a hash of the row id, so every run on the same data asks
 * the same questions. The bench sends them through the app's own routes: it measures the search
 * module, it never re-implements it.
 */
export interface CorpusQuery {
  cls: CorpusClass;
  q: string;
}

export const CORPUS_CLASSES = [
  'asset code',
  'code digits',
  'serial fragment',
  'model code',
  'make word',
  'phrase',
  'place + number',
  'make + model digits',
  'typo',
  'two letters',
  'non-ASCII',
] as const;
export type CorpusClass = (typeof CORPUS_CLASSES)[number];

/** Deterministic picks: the hash of the row id, so a reseeded register gives other but stable queries. */
const PICK = 'ORDER BY md5(id::text)';

export async function buildSearchCorpus(pool: pg.Pool, perClass: number): Promise<CorpusQuery[]> {
  const column = async (sql: string): Promise<string[]> =>
    (await pool.query<{ v: string | null }>(sql, [perClass])).rows.map((r) => r.v).filter((v): v is string => !!v && v.trim().length >= 2);

  const byClass: Record<CorpusClass, string[]> = {
    'asset code': await column(`SELECT asset_id AS v FROM assets ${PICK} LIMIT $1`),
    // The number a person reads off a label, without the prefix and leading zeros.
    'code digits': await column(`SELECT ltrim(substr(asset_id, 5), '0') AS v FROM assets ${PICK} LIMIT $1`),
    // 3 to 6 characters of a serial, at least one of them a digit.
    'serial fragment': await column(`
      SELECT frag AS v FROM (
        SELECT substr(serial, 1 + abs(hashtext(id::text)) % greatest(length(serial) - 5, 1), 3 + abs(hashtext(serial)) % 4) AS frag, id
        FROM assets WHERE serial ~ '[0-9]'
      ) s WHERE frag ~ '[0-9]' ${PICK} LIMIT $1`),
    'model code': await column(`SELECT model AS v FROM assets WHERE model LIKE '%-%' ${PICK} LIMIT $1`),
    'make word': await column(`SELECT split_part(make, ' ', 1) AS v FROM assets WHERE make IS NOT NULL ${PICK} LIMIT $1`),
    // Two neighbouring words of a description.
    phrase: await column(`
      SELECT (regexp_match(description, '([[:alpha:]]+ [[:alpha:]]+)'))[1] AS v FROM assets
      WHERE description ~ '[[:alpha:]]+ [[:alpha:]]+' ${PICK} LIMIT $1`),
    'place + number': await column(`SELECT name AS v FROM locations WHERE name ~ '[0-9]' ${PICK} LIMIT $1`),
    'make + model digits': await column(`
      SELECT split_part(make, ' ', 1) || ' ' || (regexp_match(model, '[0-9]+'))[1] AS v FROM assets
      WHERE make IS NOT NULL AND model ~ '[0-9]' ${PICK} LIMIT $1`),
    // One inner letter of a make replaced: what the typo correction is for.
    typo: await column(`
      SELECT overlay(lower(w) PLACING chr(97 + abs(hashtext(id::text)) % 26) FROM 2 + abs(hashtext(w)) % (length(w) - 2) FOR 1) AS v
      FROM (SELECT id, split_part(make, ' ', 1) AS w FROM assets WHERE make IS NOT NULL) m WHERE length(w) >= 4 ${PICK} LIMIT $1`),
    'two letters': await column(`SELECT lower(substr(make, 1 + abs(hashtext(id::text)) % greatest(length(make) - 1, 1), 2)) AS v FROM assets WHERE make ~ '^[[:alpha:]]{3}' ${PICK} LIMIT $1`),
    // The seeded register is ASCII: an accented spelling of a make, as a phone keyboard may offer it.
    'non-ASCII': await column(`SELECT translate(split_part(make, ' ', 1), 'aeiou', 'àéîöü') AS v FROM assets WHERE make ~ '[aeiou]' ${PICK} LIMIT $1`),
  };
  return CORPUS_CLASSES.flatMap((cls) => byClass[cls].filter((q) => q.trim().length >= 2 && q.length <= 100).map((q) => ({ cls, q })));
}

/** The routes a search box calls, with the filters the asset list offers. */
export const CORPUS_TARGETS: Array<{ name: string; path: (q: string) => string }> = [
  { name: 'asset list', path: (q) => `/api/assets?limit=50&search=${encodeURIComponent(q)}` },
  { name: 'asset list, condition=poor', path: (q) => `/api/assets?limit=50&condition=poor&search=${encodeURIComponent(q)}` },
  { name: 'asset list, type=hvac', path: (q) => `/api/assets?limit=50&type=hvac&search=${encodeURIComponent(q)}` },
  { name: 'global search', path: (q) => `/api/search?q=${encodeURIComponent(q)}` },
  { name: 'actions list', path: (q) => `/api/actions?limit=50&search=${encodeURIComponent(q)}` },
];
