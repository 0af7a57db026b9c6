import type { User } from '@shared/contract/auth';

const STORAGE_KEY = 'asset-register:last-user';

/**
 * The signed-in user as GET /api/user last answered, kept on the device so the app still knows who
 * is signed in when it opens with no network (ADR 028). Not a credential: the session cookie is what
 * the server trusts, and the record is forgotten as soon as the server says nobody is signed in.
 */
export function rememberUser(user: User | null): void {
  try {
    if (user) localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage disabled or full: the app then needs the network to open, as before.
  }
}

export function rememberedUser(): User | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored ? (JSON.parse(stored) as User) : null;
  } catch {
    return null;
  }
}
