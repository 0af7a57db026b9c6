/**
 * How a photo's EXIF facts are read, the same on the server (which stores them from the file) and on
 * the device (which shows them for a photo waiting in the outbox, ADR 028).
 */

/** EXIF "YYYY:MM:DD HH:MM:SS" with its offset when recorded; without one it is taken as UTC. */
export function exifTime(value: unknown, offset: unknown): Date | null {
  const match = typeof value === 'string' ? /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value) : null;
  if (!match) return null;
  const zone = typeof offset === 'string' && /^[+-]\d{2}:\d{2}$/.test(offset) ? offset : 'Z';
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}${zone}`);
  return Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1900 ? null : date;
}

/** A latitude (max 90) or longitude (max 180) in degrees, to 7 places; null when not a sane number. */
export const exifCoordinate = (value: unknown, max: number): string | null =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= max ? String(Number(value.toFixed(7))) : null;

/** The exifr options both sides read photos with: the main tags and GPS, nothing else. */
export const EXIF_READ_OPTIONS = { gps: true, xmp: false, icc: false, iptc: false, jfif: false, reviveValues: false } as const;

/** Time taken and place from exifr's tags (GPS only when both coordinates are sane). */
export function exifFacts(tags: Record<string, unknown> | undefined): { takenAt: Date | null; gpsLat: string | null; gpsLon: string | null } {
  if (!tags) return { takenAt: null, gpsLat: null, gpsLon: null };
  const lat = exifCoordinate(tags.latitude, 90);
  const lon = exifCoordinate(tags.longitude, 180);
  return {
    takenAt: exifTime(tags.DateTimeOriginal, tags.OffsetTimeOriginal) ?? exifTime(tags.CreateDate, tags.OffsetTimeDigitized),
    gpsLat: lat !== null && lon !== null ? lat : null,
    gpsLon: lat !== null && lon !== null ? lon : null,
  };
}
