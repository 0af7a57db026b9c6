import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Shorter secrets could be guessed offline from one signed URL; 32 bytes is what we generate. */
export const MIN_SECRET_BYTES = 32;

export class SecretFileError extends Error {}

/**
 * The secret that signs upload and download URLs: SESSION_SECRET when set, otherwise one generated
 * on first start and kept owner-only in DATA_DIR (so it survives restarts). Several app processes
 * behind a load balancer must share it: set SESSION_SECRET for them. A kept secret that is too short
 * (a truncated or hand-edited file) stops the start rather than signing with a weak key.
 */
export function resolveSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'session-secret');
  if (fs.existsSync(file)) {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (Buffer.byteLength(kept) < MIN_SECRET_BYTES) {
      throw new SecretFileError(
        `${file} holds a secret of ${Buffer.byteLength(kept)} bytes; at least ${MIN_SECRET_BYTES} are needed. ` +
          'Delete the file to have a new one generated (signed links already handed out stop working), or set SESSION_SECRET.',
      );
    }
    // Tighten a file left readable by others (an older install, a copy made with the default umask).
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
    return kept;
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = crypto.randomBytes(MIN_SECRET_BYTES).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}
