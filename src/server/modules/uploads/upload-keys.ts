import crypto from 'node:crypto';
import { UPLOAD_KEY_PATTERN } from '../../../shared/domain/uploads';

/**
 * Upload keys look like `uploads/<uuid>` but carry their owner: the first 8 bytes are random, the last
 * 8 an HMAC of them and the user's id under the app secret. Any later call with a key (the local PUT,
 * the multipart calls, POST /api/media) checks it was issued to the same user, with no table to keep
 * (SEC-UP-1, SEC-UP-5). A guessed or foreign key fails with a 2^-64 chance.
 */
function mac(secret: string, userId: string, nonce: string): string {
  return crypto.createHmac('sha256', secret).update(`upload-key\n${userId}\n${nonce}`).digest('hex').slice(0, 16);
}

function asUuid(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function issueUploadKey(secret: string, userId: string): string {
  const nonce = crypto.randomBytes(8).toString('hex');
  return `uploads/${asUuid(nonce + mac(secret, userId, nonce))}`;
}

/** True when the key is well-formed and was issued to this user. */
export function isUploadKeyOf(secret: string, key: string, userId: string): boolean {
  if (!UPLOAD_KEY_PATTERN.test(key)) return false;
  const hex = key.slice('uploads/'.length).replace(/-/g, '');
  const expected = Buffer.from(mac(secret, userId, hex.slice(0, 16)));
  const given = Buffer.from(hex.slice(16));
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
