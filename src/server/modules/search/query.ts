import { indexParts, searchTerms, type IndexPart } from './terms';
import type { Match, MatchPart } from './matches';

/**
 * A query as a Match: each term as typed must occur (substring, any case); its index parts are the
 * bitmap plan's possible drivers.
 */
export function matchOf(q: string): Match {
  const terms = searchTerms(q);
  return { groups: terms.map((term) => [term]), parts: distinct(terms.flatMap(indexParts)).map(partOf) };
}

/**
 * A query with corrections: each term as typed or as one of its corrections (`fixes`). A corrected
 * term's group drives the bitmap when each of its spellings has a trigram part: the index then finds
 * each spelling and their union holds every match.
 */
export function correctedMatchOf(q: string, fixes: Map<string, string[]>, keepTyped: boolean): Match {
  const terms = searchTerms(q);
  const spellingsOf = (term: string) => (fixes.has(term) ? [...(keepTyped ? [term] : []), ...fixes.get(term)!] : [term]);
  const parts: MatchPart[] = [];
  for (const term of terms) {
    if (!fixes.has(term)) {
      parts.push(...indexParts(term).map(partOf));
      continue;
    }
    const spellings = spellingsOf(term);
    if (spellings.every((s) => indexParts(s).some((part) => part.index === 'trigram'))) parts.push({ texts: spellings });
  }
  return { groups: terms.map(spellingsOf), parts };
}

function partOf(part: IndexPart): MatchPart {
  return part.index === 'bigram' ? { texts: [part.text], bigram: true } : { texts: [part.text] };
}

function distinct(parts: IndexPart[]): IndexPart[] {
  const seen = new Set<string>();
  return parts.filter((part) => !seen.has(part.text) && seen.add(part.text));
}
