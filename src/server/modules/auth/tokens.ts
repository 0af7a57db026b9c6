import crypto from 'node:crypto';

/**
 * Secrets handed to a browser (session cookies, invite and password-reset links): 256 bits from the
 * CSPRNG. The database keeps only their SHA-256, so a leaked table opens nothing.
 */
export const newToken = () => crypto.randomBytes(32).toString('base64url');
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
