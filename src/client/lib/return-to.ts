import { ASSET_LINK_PREFIX, LOCATION_LINK_PREFIX } from '@shared/domain/scan';

/**
 * Where to go after signing in, for a visitor who opened a label's link while signed out (ADR 027):
 * `/auth?next=/a/AST-000123`. Only the deep link pages are accepted as a target, so the sign-in
 * page cannot be made to send anyone elsewhere (an open redirect).
 */
export const signInThenReturnTo = (path: string) => `/auth?${new URLSearchParams({ next: path })}`;

export function returnPathOf(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next) return null;
  const isDeepLink = [ASSET_LINK_PREFIX, LOCATION_LINK_PREFIX].some((prefix) => next.startsWith(prefix) && next.length > prefix.length);
  return isDeepLink && !/[\\\s]/.test(next) && !next.includes('//') ? next : null;
}
