/**
 * Idempotent writes (ADR 028): a device that may send the same create twice (an offline outbox
 * replaying after a dropped answer) names each write with a key of its own choosing, and the server
 * answers a repeat with the original answer instead of writing again. The header is optional: a
 * client written from the spec alone sends none and keeps working.
 */

/** The request header (IETF draft-ietf-httpapi-idempotency-key-header). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on a replayed answer, so a client (and a test) can tell it from a fresh one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** A UUID fits with room to spare; the characters are those of tokens, UUIDs and ULIDs. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
export const IDEMPOTENCY_KEY_INVALID =
  'The Idempotency-Key header must be 8 to 128 letters, digits or the characters . _ : - (a UUID is best)';
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different request: send a new key for a new request';
export const IDEMPOTENCY_KEY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed: try again in a moment';
/** Answers are kept this long: an outbox offline for longer than a week sends its items as new. */
export const IDEMPOTENCY_KEY_TTL_MS = 7 * 24 * 60 * 60_000;
