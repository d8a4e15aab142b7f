import type { OrganisationServices } from '../../organisation/organisation.services.js';
import type { WebhooksDependencies } from '../../webhooks/webhooks.ports.js';

/** The tenant's settings (whether hooks may target private addresses). */
export function webhooksFromOrganisation(organisation: OrganisationServices): WebhooksDependencies {
  return { settings: organisation.settings };
}
