/** How the client reads a failed request (api-client.ts raises Error("<status>: <body>"), spec §8). */

/** The readable part of an API error: the server's `message` when the body is our JSON error shape. */
export function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const match = /^\d{3}: ([\s\S]*)$/.exec(text);
  if (!match) return text;
  try {
    const parsed = JSON.parse(match[1]!) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // not JSON: the body text itself is the message
  }
  return match[1]!;
}

/** fetch() rejects with a TypeError when no answer came at all (offline, DNS, connection refused). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}
