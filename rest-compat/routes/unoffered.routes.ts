import { PASSWORD_POLICY } from '../../subgraphs/organisation/password.js';
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
  // No surveys (SPM), document templates, ad hoc queries or floating rates are offered: empty lists.
  { path: '/surveys', answer: () => [] },
  { path: '/templates', answer: () => [] },
  { path: '/adhocquery', answer: () => [] },
  { path: '/floatingrates', answer: () => [] },
  // No SMS campaigns and no share products: Fineract's empty pages.
  { path: '/smscampaigns', answer: emptyPage },
  { path: '/products/share', answer: emptyPage },
  // Account numbers follow one fixed rule (a 9-digit client number, 10-digit NUBANs): no custom formats.
  { path: '/accountnumberformats', answer: () => [] },
  // One password policy, always active; Fineract lists its policies with the active one flagged.
  { path: '/passwordpreferences/template', answer: () => [{ id: 1, description: PASSWORD_POLICY.description, active: true, key: 'alphanumeric' }] },
  { path: '/passwordpreferences', answer: () => ({ id: 1, description: PASSWORD_POLICY.description, active: true, key: 'alphanumeric' }) },
];
