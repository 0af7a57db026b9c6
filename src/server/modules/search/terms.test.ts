import { describe, expect, it } from 'vitest';
import { indexParts, isWord, likePattern, searchTerms, wordsOf } from './terms';

describe('search tokeniser', () => {
  it('splits a query at white space into distinct lower-case terms, at most 8', () => {
    expect(searchTerms('  Floor 3\tBOILER floor ')).toEqual(['floor', '3', 'boiler']);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
  });

  it('escapes LIKE wildcards so they match literally', () => {
    expect(likePattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });

  it('gives the parts the trigram or bigram index can look up', () => {
    const parts = (term: string) => indexParts(term).map((part) => `${part.index}:${part.text}`);
    expect(parts('ast-012345')).toEqual(['trigram:ast', 'trigram:012345']);
    expect(parts('k7q')).toEqual(['trigram:k7q']);
    expect(parts('bk-g4')).toEqual(['trigram:bk-g4']);
    expect(parts('jéld-wén')).toEqual(['trigram:jéld', 'trigram:wén']);
    expect(parts('hp')).toEqual(['bigram:hp']);
    expect(parts('a-b')).toEqual(['bigram:a-', 'bigram:-b']);
    expect(parts('3')).toEqual([]);
  });

  it('takes the words spelling correction may offer: 3 to 40 letters, no digit', () => {
    expect(wordsOf('AST-000123 Daikin FX200 café Zürich x fire_door')).toEqual(['ast', 'café', 'daikin', 'door', 'fire', 'zürich']);
    expect(wordsOf('a'.repeat(41))).toEqual([]);
    expect(isWord('daikn')).toBe(true);
    expect(isWord('fx200')).toBe(false);
    expect(isWord('wb-77')).toBe(false);
  });
});
