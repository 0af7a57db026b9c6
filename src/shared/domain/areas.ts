/**
 * Areas (ADR 024): an org admin may limit an area manager to some location subtrees. The server
 * refuses and the screens explain in the same words.
 */

/** What an unlimited user works across; also the Users page's label for "no areas chosen". */
export const WHOLE_ESTATE_LABEL = 'Whole estate';

/** How many area names a sentence lists before summing up the rest ("and 3 other areas"). */
const NAMES_LISTED = 3;

/** "North Site", "North Site and South Site", "A, B and C", "A, B, C and 2 other areas". */
export function areaNames(areas: readonly { name: string }[]): string {
  const names = areas.map((area) => area.name);
  if (names.length <= 1) return names[0] ?? '';
  if (names.length <= NAMES_LISTED) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const rest = names.length - NAMES_LISTED;
  return `${names.slice(0, NAMES_LISTED).join(', ')} and ${rest} other ${rest === 1 ? 'area' : 'areas'}`;
}

/** "Your access is limited to North Site." */
export const areaLimitSentence = (areas: readonly { name: string }[]) => `Your access is limited to ${areaNames(areas)}.`;

/** The server's reason for refusing a write outside the user's areas (403). */
export const outsideAreasMessage = (areas: readonly { name: string }[]) => `${areaLimitSentence(areas)} Ask an organisation admin if you need more.`;
