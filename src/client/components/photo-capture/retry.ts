/**
 * Retries a request on the spec's schedule (§9: retry delays 0, 1000, 3000, 5000 ms), but only when a
 * new attempt can help: a network failure, a 5xx or a 429. A 4xx answer (refused type, too large,
 * expired signature, missing record) is final and surfaces at once.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  delays: readonly number[],
  { signal, sleep = defaultSleep }: { signal?: AbortSignal; sleep?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (retry >= delays.length || !isRetryable(error) || signal?.aborted) throw error;
      await sleep(delays[retry]!);
    }
  }
}

/** Errors from apiRequest read "<status>: <body>"; anything else (a TypeError from fetch) is the network. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  const status = /^(\d{3}): /.exec(error instanceof Error ? error.message : '')?.[1];
  if (!status) return true;
  const code = Number(status);
  return code >= 500 || code === 429;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
