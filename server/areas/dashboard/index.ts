/**
 * What the dashboard area offers the wiring (server/api): lint refuses imports of any other file of
 * this folder.
 */
export { readDashboard, readDashboardStore } from './read-dashboard.ts';
export type { DashboardDependencies } from './read-dashboard.ts';
