import type { StatusCounts } from '@shared/contract/compliance';
import { OBLIGATION_STATUS_LABELS, OBLIGATION_STATUSES, type ObligationStatus } from '@shared/domain/compliance';

/** A status inside a sentence: "overdue", "due soon"; N/A keeps its capitals. */
export function statusInSentence(status: ObligationStatus): string {
  return status === 'not_applicable' ? OBLIGATION_STATUS_LABELS[status] : OBLIGATION_STATUS_LABELS[status].toLowerCase();
}

/** "1 failed, 2 compliant": the statuses that have obligations, worst first; "none" when there are none. */
export function countsSentence(counts: StatusCounts): string {
  const parts = OBLIGATION_STATUSES.filter((status) => counts[status] > 0).map((status) => `${counts[status]} ${statusInSentence(status)}`);
  return parts.length ? parts.join(', ') : 'none';
}

/** Every obligation the counts cover. */
export function totalOf(counts: StatusCounts): number {
  return OBLIGATION_STATUSES.reduce((sum, status) => sum + counts[status], 0);
}
