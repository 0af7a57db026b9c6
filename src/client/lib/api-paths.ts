import type { QueryClient } from '@tanstack/react-query';

/**
 * Every API path the client calls (spec §7), and the query keys of what it caches. The default query
 * function reads a key as a URL (api-client.ts, urlFromQueryKey): its first element is the path, a
 * string after it a path segment, an object the query string. Each key starts with the path of the
 * list it belongs under, so invalidating that path refreshes every page, filter and item under it.
 */
const segment = encodeURIComponent;

export const apiPaths = {
  user: '/api/user',
  login: '/api/login',
  register: '/api/register',
  logout: '/api/logout',
  dashboardStats: '/api/dashboard/stats',
  locations: '/api/locations',
  locationSummary: '/api/locations/summary',
  locationTree: '/api/locations/tree',
  assets: '/api/assets',
  asset: (id: string) => `/api/assets/${segment(id)}`,
  assetHistory: (id: string) => `/api/assets/${segment(id)}/history`,
  assessments: '/api/assessments',
  actions: '/api/actions',
  action: (id: string) => `/api/actions/${segment(id)}`,
  media: '/api/media',
  mediaItem: (id: string) => `/api/media/${segment(id)}`,
  uploadUrl: '/api/objects/upload',
  meters: '/api/meters',
  meterReadings: (meterId: string) => `/api/meters/${segment(meterId)}/readings`,
  readings: '/api/meter-readings',
  search: '/api/search',
  scan: '/api/scan',
  labels: '/api/labels.pdf',
  reportExport: '/api/reports/export',
  reportExports: '/api/reports/exports',
  registration: '/api/registration',
  inviteLookup: '/api/invites/lookup',
  passwordReset: '/api/password-reset',
  account: '/api/account',
  accountPassword: '/api/account/password',
  calendarFeed: '/api/account/calendar-feed',
  emailDigest: '/api/account/email-digest',
  users: '/api/users',
  managedUser: (id: string) => `/api/users/${segment(id)}`,
  approveUser: (id: string) => `/api/users/${segment(id)}/approve`,
  rejectUser: (id: string) => `/api/users/${segment(id)}/reject`,
  userPasswordReset: (id: string) => `/api/users/${segment(id)}/password-reset`,
  invites: '/api/invites',
  invite: (id: string) => `/api/invites/${segment(id)}`,
  adminAudit: '/api/admin/audit',
  settings: '/api/settings',
  backups: '/api/backups',
  backupSettings: '/api/backups/settings',
  complianceRegimes: '/api/compliance/regimes',
  complianceSummary: '/api/compliance/summary',
  complianceWorklist: '/api/compliance/obligations',
  obligations: '/api/obligations',
  inspections: '/api/inspections',
} as const;

type Params = Record<string, string | number | undefined>;

export const queryKeys = {
  user: [apiPaths.user] as const,
  dashboardStats: [apiPaths.dashboardStats] as const,
  /** Every location list; `/api/locations/summary` is not under it and is invalidated by name. */
  locations: [apiPaths.locations] as const,
  locationList: (params: Params) => [apiPaths.locations, params] as const,
  locationSummary: [apiPaths.locationSummary] as const,
  /**
   * A level of the location tree (the top when parentId is undefined), under the location lists'
   * key so a new or renamed location refreshes it; its counts follow other writes by refetching on
   * mount (useLocationTree).
   */
  locationTree: (parentId?: string) => [apiPaths.locations, 'tree', { parentId }] as const,
  /** One location (GET /api/locations/{id}): the compliance breadcrumb walks up through parents. */
  location: (id: string) => [apiPaths.locations, id] as const,
  /** Every asset list and every asset, with its history. */
  assets: [apiPaths.assets] as const,
  assetList: (params: Params) => [apiPaths.assets, params] as const,
  /** One asset; a prefix of nothing but its history. */
  asset: (id: string) => [apiPaths.assets, id] as const,
  /** Under the asset's own key, so an invalidation of the asset (an edit, an assessment) refreshes it. */
  assetHistory: (id: string) => [apiPaths.assets, id, 'history'] as const,
  assessments: [apiPaths.assessments] as const,
  assessmentList: (params: Params) => [apiPaths.assessments, params] as const,
  /** Every action list: the page's, an asset's tab, the dashboard's open actions. */
  actions: [apiPaths.actions] as const,
  actionList: (params: Params) => [apiPaths.actions, params] as const,
  media: [apiPaths.media] as const,
  mediaOfAsset: (assetId: string) => [apiPaths.media, { assetId }] as const,
  /** The meter list and every meter's own entry. */
  meters: [apiPaths.meters] as const,
  meter: (id: string) => [apiPaths.meters, id] as const,
  /** The meters anywhere in a location's subtree (its page's Meters tab). */
  metersIn: (locationId: string) => [apiPaths.meters, { locationId }] as const,
  meterReadings: (meterId: string) => [apiPaths.meterReadings(meterId)] as const,
  search: (q: string) => [apiPaths.search, { q }] as const,
  /** What a scanned code names (GET /api/scan). */
  scan: (code: string) => [apiPaths.scan, { code }] as const,
  reportExports: [apiPaths.reportExports] as const,
  /** Who may register (public); the sign-in page and the open-registration notice read it. */
  registration: [apiPaths.registration] as const,
  /** An invite's role before sign-up (POST /api/invites/lookup: the token goes in the body). */
  invitePreview: (token: string) => [apiPaths.inviteLookup, { token }] as const,
  /** Every user list (each search and filter). */
  users: [apiPaths.users] as const,
  userList: (params: Params) => [apiPaths.users, params] as const,
  invites: [apiPaths.invites] as const,
  adminAudit: [apiPaths.adminAudit] as const,
  settings: [apiPaths.settings] as const,
  /** The Backups section of Settings: schedule, runs and the backups in the folder. */
  backups: [apiPaths.backups] as const,
  calendarFeed: [apiPaths.calendarFeed] as const,
  emailDigest: [apiPaths.emailDigest] as const,
  complianceRegimes: [apiPaths.complianceRegimes] as const,
  complianceSummary: (params: Params) => [apiPaths.complianceSummary, params] as const,
  /** Every obligation list (an asset's Compliance tab). */
  obligations: [apiPaths.obligations] as const,
  obligationsOfAsset: (assetId: string) => [apiPaths.obligations, { assetId }] as const,
  /** A location's own obligations (its Compliance tab), not those of the assets in it. */
  obligationsOfLocation: (locationId: string) => [apiPaths.obligations, { locationId }] as const,
  /** An obligation's inspections with their evidence (its History), under the obligations' key. */
  obligationInspections: (obligationId: string) => [apiPaths.obligations, obligationId, 'inspections'] as const,
  /** What a location's evidence pack would hold (its Compliance tab), under the location's key. */
  evidencePackSummary: (locationId: string) => [apiPaths.locations, locationId, 'evidence-pack', 'summary'] as const,
};

/**
 * After a change to records shown in a history (actions, photos): that asset's history, or every
 * loaded one when the asset is not known (an action may move between assets). Only the open tab
 * refetches.
 */
export function invalidateAssetHistory(queryClient: QueryClient, assetId?: string | null): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === apiPaths.assets && queryKey[2] === 'history' && (!assetId || queryKey[1] === assetId),
  });
}

/**
 * After evidence or an obligation is added or removed: the evidence pack summaries of every location
 * loaded (the change counts at the location and at each one above it).
 */
export function invalidateEvidencePacks(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === apiPaths.locations && queryKey[2] === 'evidence-pack' });
}
