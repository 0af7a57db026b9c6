/** Every page route in one place (spec §2 route table). */
export const paths = {
  auth: '/auth',
  dashboard: '/',
  assets: '/assets',
  asset: (id: string) => `/assets/${id}`,
  locations: '/locations',
  location: (id: string) => `/locations/${id}`,
  compliance: '/compliance',
  complianceRegimes: '/compliance/regimes',
  actions: '/actions',
  meters: '/meters',
  search: '/search',
  reports: '/reports',
  /** Spreadsheet import (issue 26): org admins and asset managers. */
  import: '/import',
  users: '/users',
  settings: '/settings',
  account: '/account',
  /** Records made on this device waiting to be sent, and those the server refused (ADR 028). */
  outbox: '/outbox',
  /** Sign-up through an invite link: `/invite#token=…` (the token stays out of server logs). */
  invite: '/invite',
  /** A label's link to an asset by its code (ADR 027): signs in first if needed, then opens the asset. */
  assetLink: (assetId: string) => `/a/${encodeURIComponent(assetId)}`,
  /** A location tag's link: sets the scanning location and opens the location. */
  locationLink: (id: string) => `/l/${id}`,
  /** The asset list with Add Asset open, its barcode filled in (an unknown code scanned). */
  newAssetWithBarcode: (barcode: string) => `/assets?new=1&barcode=${encodeURIComponent(barcode)}`,
  /** A one-time password-reset link: `/reset-password#token=…`. */
  resetPassword: '/reset-password',
} as const;
