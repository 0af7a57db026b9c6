/** Every page route in one place (spec §2 route table). */
export const paths = {
  auth: '/auth',
  dashboard: '/',
  assets: '/assets',
  asset: (id: string) => `/assets/${id}`,
  locations: '/locations',
  actions: '/actions',
  meters: '/meters',
  search: '/search',
  reports: '/reports',
} as const;
