import type { OutboxItem, OutboxKind } from '@/lib/offline/device-db';
import { countOf } from '@/lib/format';

/** What the lists call an item of each kind when it is kept with another (its child). */
const NOUNS: Record<OutboxKind, string> = {
  asset: 'asset',
  'asset-edit': 'change',
  reading: 'reading',
  assessment: 'assessment',
  action: 'action',
  'action-status': 'status change',
  'action-edit': 'change',
  inspection: 'inspection',
  photo: 'photo',
};

/** "photo", "assessment": an item of this kind, in a sentence. */
export const outboxNoun = (kind: OutboxKind): string => NOUNS[kind];

/** The items kept with `parent` (its children: they wait for it, and go with it when it is discarded). */
export const keptWith = (parent: Pick<OutboxItem, 'clientId'>, all: readonly OutboxItem[]): OutboxItem[] => all.filter((item) => item.parent?.clientId === parent.clientId);

/** A kept file is a photo unless it is not an image (an inspection's PDF certificate). */
const nounOf = ({ kind, photo }: Pick<OutboxItem, 'kind' | 'photo'>): string => (kind === 'photo' && photo && !photo.blob.type.startsWith('image/') ? 'file' : NOUNS[kind]);

/** "1 assessment and 2 photos": the children of an item by kind, in the order first met; '' for none. */
export function describeKeptWith(children: readonly Pick<OutboxItem, 'kind' | 'photo'>[]): string {
  const counts = new Map<string, number>();
  for (const child of children) counts.set(nounOf(child), (counts.get(nounOf(child)) ?? 0) + 1);
  const parts = [...counts].map(([noun, count]) => countOf(count, noun));
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
