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
  users: '/users',
  settings: '/settings',
  account: '/account',
  /** Records made on this device waiting to be sent, and those the server refused (ADR 028). */
  outbox: '/outbox',
  /** Sign-up through an invite link: `/invite#token=…` (the token stays out of server logs). */
  invite: '/invite',
  /** A one-time password-reset link: `/reset-password#token=…`. */
  resetPassword: '/reset-password',
} as const;
