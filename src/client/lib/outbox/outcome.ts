import { IDEMPOTENCY_KEY_IN_PROGRESS } from '@shared/domain/idempotency';

/**
 * What the outbox does with an item after the server's answer (ADR 028): `sent` removes it; `retry`
 * keeps it and stops the replay (no answer, the server or database unwell, rate limited, signed out,
 * or the same item's earlier copy still running), so nothing overtakes it; `conflict` (412: the record
 * changed after the version the edit was based on) and `failed` (any other refusal) wait for the
 * user on the Outbox screen while later items go on.
 */
export type Outcome = 'sent' | 'retry' | 'failed' | 'conflict';

export function outcomeOf(status: number | 'no-answer', message = ''): Outcome {
  if (status === 'no-answer') return 'retry';
  if (status >= 200 && status < 300) return 'sent';
  if (status === 412) return 'conflict';
  if (status >= 500 || status === 429 || status === 401 || status === 408) return 'retry';
  if (status === 409 && message === IDEMPOTENCY_KEY_IN_PROGRESS) return 'retry';
  return 'failed';
}

/** Backoff after an item had to wait: 2 s, 4 s, 8 s… at most 5 minutes. */
export const backoffMs = (attempts: number): number => Math.min(2_000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);
