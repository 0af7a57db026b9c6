import crypto from 'node:crypto';

/**
 * Short-lived links signed with the app secret (HMAC-SHA256): a download link bound to one user, or
 * a local upload URL bound to one object key, size and type. A link stops working at `expires`
 * (milliseconds since the epoch) and any change to what it covers breaks the signature.
 */
export function sign(secret: string, parts: Array<string | number>): string {
  return crypto.createHmac('sha256', secret).update(parts.join('\n')).digest('base64url');
}

export function verify(secret: string, parts: Array<string | number>, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(sign(secret, parts));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
