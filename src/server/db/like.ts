/** A user's text as an ILIKE '%…%' pattern, with LIKE's wildcards (% _ \) matched literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
