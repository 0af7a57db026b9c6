import { SEARCH_MAX_TERMS } from '../../../shared/domain/search';

/**
 * The search tokeniser: how a query becomes terms, a term becomes LIKE patterns and index parts,
 * and a record's text becomes the words offered as spelling corrections. SQL has one copy of the
 * last rule, search_words_of() (db/sql/search.sql), which fills `search_words`; a test holds the two
 * to the same answer on every kind of text people type.
 */

/** The query's distinct terms, lower-cased; a record matches when it contains every one of them. */
export function searchTerms(q: string): string[] {
  return [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, SEARCH_MAX_TERMS);
}

/** Text as a LIKE '%…%' pattern, lower-cased, with LIKE's wildcards (% _ \) matched literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Letters and digits, as pg_trgm and PostgreSQL's [[:alnum:]] see them in a UTF-8 database. */
const RUN = /[\p{L}\p{N}]{3,}/gu;
/** Two letters or digits beside punctuation: pg_trgm pads that word edge, so it has a trigram. */
const PADDED_EDGE = /[\p{L}\p{N}]{2}[^\p{L}\p{N}\s]|[^\p{L}\p{N}\s][\p{L}\p{N}]{2}/u;

/**
 * A part of a term an index can look up: every record containing the term contains the part, so
 * the records the index finds for it are a superset of the matches.
 * - `trigram`: the trigram index (search_text gin_trgm_ops) finds records containing `text`;
 * - `bigram`: the bigram index (search_bigrams(search_text), db/sql/search.sql) finds records holding
 *   these two characters side by side, for terms too short for a trigram (`hp`, `60`, `b2`).
 */
export interface IndexPart {
  text: string;
  index: 'trigram' | 'bigram';
}

/**
 * The parts of a term the indexes can look up: its runs of 3 or more letters and digits (`ast` and
 * `012345` of `ast-012345`); when it has none, the term itself if punctuation gives it a trigram
 * (`bk-g4`); otherwise its pairs of characters (`hp`; `a-` and `-b` of `a-b`). None for one
 * character.
 */
export function indexParts(term: string): IndexPart[] {
  const runs = term.match(RUN) ?? [];
  if (runs.length > 0) return [...new Set(runs)].map((text) => ({ text, index: 'trigram' }));
  if (PADDED_EDGE.test(term)) return [{ text: term, index: 'trigram' }];
  const chars = [...term];
  const pairs = new Set(chars.slice(1).map((c, i) => chars[i]! + c));
  return [...pairs].map((text) => ({ text, index: 'bigram' }));
}

/** The longest word search_words keeps: longer runs are codes or noise, never a correction. */
export const WORD_MAX_LENGTH = 40;

/**
 * The words of a text that spelling correction may offer (`search_words`): lower-cased runs of
 * letters and digits, kept when they are 3 to 40 characters with no digit (a serial or a code is
 * not a word to correct to). Mirrors SQL search_words_of().
 */
export function wordsOf(text: string): string[] {
  const runs = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(runs.filter((w) => w.length >= 3 && w.length <= WORD_MAX_LENGTH && !/\p{N}/u.test(w)))].sort();
}

/** A term that is itself one word by wordsOf(): only those are looked up for corrections. */
export function isWord(term: string): boolean {
  const words = wordsOf(term);
  return words.length === 1 && words[0] === term;
}
