/**
 * URLs of our own stored media, the only ones a record may carry as a photo link (a meter reading's
 * photoUrl): the app's relative paths `/api/media/<id>/file` and `/api/media/<id>/thumbnail`, which
 * serve objects it checked on upload. Anything else (javascript:, data:, another host, a
 * protocol-relative `//host`) could point a viewer's browser anywhere, so it is refused on write; the
 * client's safeMediaUrl() renders these relative paths as same-origin links.
 */
const OWN_MEDIA_URL = /^\/api\/media\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/(file|thumbnail)$/i;

export function isOwnMediaUrl(url: string): boolean {
  return OWN_MEDIA_URL.test(url);
}

export const OWN_MEDIA_URL_MESSAGE = 'Photo URL must be a photo stored by this app (/api/media/<id>/file), or blank';
