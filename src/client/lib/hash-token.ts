import { useSyncExternalStore } from 'react';

/**
 * The token of a one-time link, read from the URL's fragment (`#token=…`): the server builds invite
 * and password-reset links that way so the token never reaches a server or proxy log.
 */
export function tokenFromHash(hash: string = window.location.hash): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() ?? '';
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/** The current link's token; follows the fragment when another link is opened in the same tab. */
export function useHashToken(): string {
  return useSyncExternalStore(subscribe, () => tokenFromHash(window.location.hash));
}
