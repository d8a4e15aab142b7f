import type { ParameterCatalogue } from '../kernel/fineract-parameters.js';

/**
 * Parameters the Mifos X web app sends with every new client for features this service does not offer
 * (staff clients, family members, addresses, data tables): accepted empty or off, otherwise 400
 * `error.msg.client.<param>.not.supported` (see kernel/fineract-parameters.ts).
 */
export const CLIENT_PARAMETERS: ParameterCatalogue = {
  isStaff: { use: 'off' },
  familyMembers: { use: 'off' },
  address: { use: 'off' },
  datatables: { use: 'off' },
  savingsProductId: { use: 'off' },
};
