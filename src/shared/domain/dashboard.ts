/** Dashboard recent lists: 5 items each (spec §9). */
export const DASHBOARD_RECENT_ITEMS = 5;
