/**
 * SEC-OUT-1: a media URL is rendered only when it points at our own origin (a path such as
 * '/objects/…') or at an https: address (S3-compatible storage). javascript:, data:, http: and
 * protocol-relative '//host' URLs are never used as a src or href.
 */
export function safeMediaUrl(url: string, origin: string = globalThis.location?.origin ?? 'http://localhost'): string | null {
  const trimmed = url.trim();
  if (!trimmed || trimmed.startsWith('//') || trimmed.startsWith('/\\')) return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed, origin);
  } catch {
    return null;
  }
  if (trimmed.startsWith('/')) return parsed.origin === new URL(origin).origin ? parsed.href : null;
  return parsed.protocol === 'https:' ? parsed.href : null;
}
