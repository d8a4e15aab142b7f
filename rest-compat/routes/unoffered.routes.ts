import type { FixedRoute } from '../route.js';

/** Fineract's empty page (`offset`/`limit` lists). */
const emptyPage = () => ({ totalFilteredRecords: 0, pageItems: [] });

/**
 * Fineract features the Mifos X web app polls or opens on every screen, which this service does not offer:
 * each answers what Fineract answers when the feature is unused, so the screens open.
 */
export const unofferedFeatureRoutes: FixedRoute[] = [
  // No data tables can be registered: none for any application table (m_client, m_savings_account, ...).
  { path: '/datatables', answer: () => [] },
  // No address or other field configuration: addresses are not enabled.
  { path: '/fieldconfiguration/:entity', answer: () => [] },
  // No notifications are produced.
  { path: '/notifications', answer: emptyPage },
];
