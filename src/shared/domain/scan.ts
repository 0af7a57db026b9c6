/**
 * What a scanned code names (ADR 027). A label carries either the bare code (an asset's assetId, as
 * the Details tab's QR code does, or any barcode already on the asset) or a link to the app's deep
 * link pages, so a phone's own camera app opens the right page: `<base>/a/<assetId>` for an asset,
 * `<base>/l/<locationId>` for a location's tag. The in-app scanner reads both forms.
 */

/** The longest scanned text the server looks up: a link with a long base address and a code. */
export const SCAN_CODE_MAX = 500;

/** The deep link pages' path prefixes (client routes /a/:assetId and /l/:locationId). */
export const ASSET_LINK_PREFIX = '/a/';
export const LOCATION_LINK_PREFIX = '/l/';

export type ScannedCode =
  /** An asset link: look up the asset by its assetId only. */
  | { kind: 'asset-link'; assetId: string }
  /** A location tag: a link to a location, by id. */
  | { kind: 'location-link'; locationId: string }
  /** Anything else: an assetId, a barcode, a client asset id, or a location id. */
  | { kind: 'code'; code: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuidText = (text: string) => UUID.test(text);

/**
 * Reads scanned text. Links are recognised by their path whatever their host, since the base
 * address is an organisation setting that may differ from the address this app is reached at; only
 * http(s) links with exactly one segment after /a/ or /l/ count. Anything else is a code as it is
 * (trimmed: scanners and hand typing add spaces and line ends).
 */
export function parseScannedCode(text: string): ScannedCode {
  const code = text.trim();
  if (/^https?:\/\//i.test(code)) {
    const link = linkTarget(code);
    if (link) return link;
  }
  return { kind: 'code', code };
}

function linkTarget(text: string): ScannedCode | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const match = /\/(a|l)\/([^/]+)\/?$/.exec(url.pathname);
  if (!match) return undefined;
  let target: string;
  try {
    target = decodeURIComponent(match[2]!).trim();
  } catch {
    return undefined;
  }
  if (!target) return undefined;
  if (match[1] === 'a') return { kind: 'asset-link', assetId: target };
  return isUuidText(target) ? { kind: 'location-link', locationId: target.toLowerCase() } : undefined;
}

/** The link a label encodes for an asset: `<base>/a/<assetId>` (base without a trailing slash). */
export const assetLink = (base: string, assetId: string) => `${base.replace(/\/+$/, '')}${ASSET_LINK_PREFIX}${encodeURIComponent(assetId)}`;

/** The link a location's tag encodes: `<base>/l/<locationId>`. */
export const locationLink = (base: string, locationId: string) => `${base.replace(/\/+$/, '')}${LOCATION_LINK_PREFIX}${locationId}`;

/** The barcode formats the scanner reads (BarcodeDetector's names). */
export const SCAN_FORMATS = ['qr_code', 'code_128', 'data_matrix'] as const;

/**
 * How the app draws an asset's QR code (spec §9: 200 px, margin 2, black on white), shared by the
 * Details tab and the decoding tests so the tests read what the app prints.
 */
export const ASSET_QR_OPTIONS = { width: 200, margin: 2, color: { dark: '#000000', light: '#ffffff' } } as const;
